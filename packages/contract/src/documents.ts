import { z } from 'zod';
import { LIMITS } from './constants.js';
import { chatMessageSchema, retrievedPassageSchema } from './chat.js';
import { dataEnvelope } from './envelope.js';
import { languageSchema } from './auth.js';

/**
 * Documents a Spark answers from (product.md §3 Upload, §5 document rules, §7 Documents). The spec's
 * upload takes PDF only while its attach menu lists .doc, .docx, .pdf, .jpg, .jpeg, .png and .json:
 * every one of those is read, and plain text and Markdown too (docs/spec-deviations.md). Photos and
 * scans are read by OCR; JSON is read as records. An `answer` is no upload: the owner wrote it for a
 * question the Spark could not answer (the knowledge-gap inbox), kept as Markdown and read like one.
 */
export const DOCUMENT_KINDS = ['pdf', 'docx', 'doc', 'image', 'json', 'text', 'markdown', 'answer'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What each entry of the attach menu offers the file picker; the server decides by the file's bytes, never by these. */
export const ATTACH_ACCEPT = {
  document: [
    '.pdf',
    '.doc',
    '.docx',
    '.txt',
    '.md',
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain',
    'text/markdown',
  ],
  image: ['.jpg', '.jpeg', '.png', 'image/jpeg', 'image/png'],
  database: ['.json', 'application/json'],
} as const;

/** Everything an upload may be (a file dropped on the chat, the documents panel's picker). */
export const UPLOAD_ACCEPT = [...ATTACH_ACCEPT.document, ...ATTACH_ACCEPT.image, ...ATTACH_ACCEPT.database];

/** The file extensions the product reads, as the upload dialog checks them before sending. */
export const UPLOAD_EXTENSIONS = UPLOAD_ACCEPT.filter((item) => item.startsWith('.'));

export const DOCUMENT_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * Why a document has no (or only part of its) text. The client words these in the user's
 * language; `pages` names the pages concerned ("no text could be extracted from pages 3–9").
 */
export const DOCUMENT_PROBLEMS = [
  'encrypted',
  'corrupt',
  'empty',
  'no_text',
  'pages_without_text',
  'too_many_pages',
  'ocr_page_budget',
  'ocr_time_budget',
  'too_many_records',
  'too_complex',
  'internal',
] as const;
export type DocumentProblem = (typeof DOCUMENT_PROBLEMS)[number];

export const pageRangeSchema = z.object({ from: z.number().int().positive(), to: z.number().int().positive() });
export type PageRange = z.infer<typeof pageRangeSchema>;

export const documentProblemSchema = z.object({
  code: z.enum(DOCUMENT_PROBLEMS),
  /** English wording, for logs and API users; the web app translates by `code`. */
  message: z.string(),
  pages: z.array(pageRangeSchema).optional(),
  /** The budget that stopped reading: scanned pages per document (`ocr_page_budget`) or seconds (`ocr_time_budget`). */
  limit: z.number().int().positive().optional(),
});
export type DocumentProblemInfo = z.infer<typeof documentProblemSchema>;

/** Largest number of pages read from one document; the rest is reported, not silently dropped. */
export const DOCUMENT_MAX_PAGES = 2000;
/** Largest number of records read from one JSON document; the rest is reported the same way. */
export const DOCUMENT_MAX_RECORDS = 20_000;
export const DOCUMENT_NAME_MAX = 200;

export const documentSchema = z.object({
  _id: z.string(),
  sparkId: z.string(),
  /** The uploaded file's own name, kept as data only (never a storage path) and shown escaped. */
  name: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  sizeBytes: z.number().int().nonnegative(),
  status: z.enum(DOCUMENT_STATUSES),
  pages: z.number().int().nonnegative().nullable(),
  chunks: z.number().int().nonnegative(),
  language: z.enum(['en', 'es']).nullable(),
  /** Pages read as a table of contents or an index, left out of what the Spark knows (PDFs). */
  contentsPages: z.array(pageRangeSchema).optional(),
  /** Pages read by OCR (photos, scans, PDF pages without a text layer). */
  ocrPages: z.array(pageRangeSchema).optional(),
  /** Of those, the pages OCR read with low confidence: worth checking, or sending a sharper scan. */
  lowConfidencePages: z.array(pageRangeSchema).optional(),
  /** Set when the document failed, or is ready with some pages unread. */
  problem: documentProblemSchema.nullable(),
  /** 1 for a first upload; a newer version is read while the older one keeps answering, then takes its place at once. */
  version: z.number().int().positive(),
  /** Set on a version still being read: the document it will replace once ready. */
  replaces: z.string().optional(),
  /** Set on a website's page: the page's address. The page belongs to its website's card, which reads, keeps and leaves it. */
  sourceUrl: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SparkDocument = z.infer<typeof documentSchema>;

/**
 * The documents the plan counts, across the account's Sparks, for the limit dialog ("3 of 3
 * documents"): failed files, owner answers and a version still being read are not counted.
 */
export const documentAllowanceSchema = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  documents: z.array(
    z.object({
      _id: z.string(),
      sparkId: z.string(),
      sparkName: z.string(),
      name: z.string(),
      status: z.enum(DOCUMENT_STATUSES),
      createdAt: z.string(),
      /** A website the Spark reads: it counts as one document, whatever its pages (docs/decisions/0028). */
      website: z.boolean().optional(),
    }),
  ),
});
export type DocumentAllowance = z.infer<typeof documentAllowanceSchema>;
export const documentAllowanceResponseSchema = dataEnvelope(documentAllowanceSchema);
export const documentResponseSchema = dataEnvelope(documentSchema);
export const documentListResponseSchema = dataEnvelope(z.array(documentSchema));

/** Multipart text fields of POST /bucket (product.md §7: file, conversationId, sparkId; §3 also name). */
export const uploadFieldsSchema = z
  .object({
    sparkId: z.uuid({ error: 'must be a Spark id' }),
    conversationId: z.uuid({ error: 'must be a conversation id' }).optional(),
    name: z.string().max(DOCUMENT_NAME_MAX).optional(),
    /** Language of the assistant's reply about the document; the profile's language otherwise. */
    language: languageSchema.optional(),
    /** A document of the Spark this file is a new version of; a file with an existing document's name is one too. */
    replaces: z.uuid({ error: 'must be a document id' }).optional(),
  })
  .strict();
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/**
 * product.md §3: the response is an array whose first item has `_id` and `bucketFileId` (first path
 * segment = document id). The document and the chat messages the upload added come along.
 */
export const uploadResultSchema = z.object({
  _id: z.string(),
  bucketFileId: z.string(),
  document: documentSchema,
  conversationId: z.string().nullable(),
  messages: z.array(chatMessageSchema),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
export const uploadResponseSchema = dataEnvelope(z.array(uploadResultSchema));

export const SEARCH_QUERY_MAX = 500;
export const searchQuerySchema = z.object({ q: z.string().trim().min(1, 'must not be blank').max(SEARCH_QUERY_MAX) }).strict();
export const searchResponseSchema = dataEnvelope(z.array(retrievedPassageSchema));

/** The whole passage behind a citation, for its preview. */
export const passageSchema = z.object({
  chunkId: z.string(),
  documentId: z.string(),
  title: z.string(),
  page: z.number().int().positive().optional(),
  pageEnd: z.number().int().positive().optional(),
  heading: z.string().optional(),
  text: z.string(),
  /** The passage's pages were read by OCR: its words may hold recognition mistakes. */
  readByOcr: z.boolean().optional(),
});
export type DocumentPassage = z.infer<typeof passageSchema>;
export const passageResponseSchema = dataEnvelope(passageSchema);

export const UPLOAD_MESSAGES = {
  wrongFormat: 'Incorrect format! Please upload a PDF, Word (.doc, .docx), image (.jpg, .png), JSON, TXT or Markdown file.',
  tooLarge: (megabytes: string) => `The file is too large! The file must be smaller than ${LIMITS.uploadMaxMegabytes}MB. Your file is ${megabytes}MB.`,
  limitReached: 'Document limit reached! For the moment, you cannot upload more documents. Would you like to upgrade your plan?',
  missingFile: 'Choose a file to upload.',
  emptyFile: 'The file is empty. Choose a file with content.',
} as const;

/** Size in MB as the too-large message shows it: one decimal, never rounded down to the limit. */
export function megabytesLabel(bytes: number): string {
  return (Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1);
}
