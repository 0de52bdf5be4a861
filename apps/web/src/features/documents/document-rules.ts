import {
  ERROR_CODES,
  LIMITS,
  megabytesLabel,
  type Citation,
  type DocumentStatus,
  type FileMismatch,
  type PageRange,
  type RetrievedPassage,
  type SparkDocument,
  UPLOAD_EXTENSIONS,
} from '@sparks/contract';

/** Why a file cannot be uploaded, or why an upload failed; the dialog words each in the user's language. */
export type UploadProblem =
  | { kind: 'wrongFormat' }
  /** The bytes are a kind the product reads, but not the one the file's name says. */
  | ({ kind: 'mismatch'; name: string } & FileMismatch)
  | { kind: 'empty' }
  | { kind: 'tooLarge'; megabytes: string }
  | { kind: 'limitReached' }
  | { kind: 'sparkNotFound' }
  | { kind: 'rejected' }
  | { kind: 'rateLimited' }
  | { kind: 'network' }
  | { kind: 'generic' };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/**
 * product.md §5, checked before anything is sent: the extension must be one the product reads, and the
 * file at most 10 MB (and not empty). The server checks again by the file's bytes.
 */
export function checkFile(file: { name: string; size: number }): UploadProblem | null {
  // The attach menu's types (product.md §2), plus plain text and Markdown: the contract's list, as the server reads them.
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return { kind: 'wrongFormat' };
  if (file.size > LIMITS.uploadMaxBytes) return { kind: 'tooLarge', megabytes: megabytesLabel(file.size) };
  if (file.size === 0) return { kind: 'empty' };
  return null;
}

/** What a failed upload means for the user: by status and code, never by the server's English text. */
export function uploadProblemOf(failure: { status?: number; code?: string; mismatch?: FileMismatch }, file: { name: string; size: number }): UploadProblem {
  if (failure.code === ERROR_CODES.FILE_TYPE_MISMATCH && failure.mismatch) return { kind: 'mismatch', name: file.name, ...failure.mismatch };
  if (failure.status === 402 || failure.code === ERROR_CODES.LIMIT_REACHED || failure.code === ERROR_CODES.PAYMENT_REQUIRED) return { kind: 'limitReached' };
  if (failure.status === 415 || failure.code === ERROR_CODES.UNSUPPORTED_MEDIA_TYPE) return { kind: 'wrongFormat' };
  if (failure.code === ERROR_CODES.EMPTY_FILE) return { kind: 'empty' };
  if (failure.status === 413 || failure.code === ERROR_CODES.PAYLOAD_TOO_LARGE) return { kind: 'tooLarge', megabytes: megabytesLabel(file.size) };
  if (failure.status === 404) return { kind: 'sparkNotFound' };
  if (failure.status === 429) return { kind: 'rateLimited' };
  if (failure.status === 400 || failure.status === 422) return { kind: 'rejected' };
  if (failure.status === undefined) return { kind: 'network' };
  return { kind: 'generic' };
}

const SETTLING: readonly DocumentStatus[] = ['queued', 'processing'];

/** Whether a document is still being read (the list keeps polling while one is). */
export const isSettling = (document: Pick<SparkDocument, 'status'>) => SETTLING.includes(document.status);

/** How often the list asks again while a document is being read. */
export const DOCUMENTS_POLL_MS = 1_500;

/** The refetch interval of the documents list: poll while any document is queued or processing, else stop. */
export function pollInterval(documents: readonly Pick<SparkDocument, 'status'>[] | undefined): number | false {
  return documents?.some(isSettling) ? DOCUMENTS_POLL_MS : false;
}

/** Pages as a reader writes them: "3–9", "4", "2, 5–7". */
export function pageRangesLabel(ranges: readonly PageRange[]): string {
  return ranges.map((range) => (range.to > range.from ? `${range.from}–${range.to}` : String(range.from))).join(', ');
}

/** How many pages the ranges cover, for the singular or plural wording. */
export function pageCount(ranges: readonly PageRange[]): number {
  return ranges.reduce((total, range) => total + Math.max(1, range.to - range.from + 1), 0);
}

/** Whether the answer cited this passage: by its chunk when both know it, else by its marker. */
export function isCited(source: RetrievedPassage, citations: readonly Citation[]): boolean {
  return citations.some((citation) => (citation.chunkId ? citation.chunkId === source.chunkId : citation.marker === source.marker));
}

/**
 * How many documents the owner has: a new version listed beside the one it replaces (while it is
 * read, or after it failed) is the same document, not one more.
 */
export function documentCount(documents: ReadonlyArray<Pick<SparkDocument, '_id' | 'replaces'>>): number {
  const listed = new Set(documents.map((document) => document._id));
  return documents.filter((document) => !document.replaces || !listed.has(document.replaces)).length;
}

/**
 * What the plan counts of a Spark's knowledge (docs/decisions/0028): its own files, counted by
 * `documentCount`, and each website once, whatever pages it became. The header's badge shows the
 * total and the documents panel says what it is made of, so the two never tell different stories.
 */
export function knowledgeCount(
  documents: ReadonlyArray<Pick<SparkDocument, '_id' | 'replaces' | 'sourceUrl'>>,
  websites: number,
): { files: number; websites: number; total: number } {
  const files = documentCount(documents.filter((document) => !document.sourceUrl));
  return { files, websites, total: files + websites };
}

/** Sources best first; equal scores keep their markers' order. */
export function rankedSources(sources: readonly RetrievedPassage[]): RetrievedPassage[] {
  return [...sources].sort((a, b) => b.score - a.score || a.marker - b.marker);
}

/** A score as the inspector shows it: two decimals. */
export const scoreLabel = (score: number) => (Number.isFinite(score) ? score.toFixed(2) : '–');

/** The shortest quote worth marking: anything shorter could match by chance. */
const MIN_QUOTE = 24;

/**
 * Where the cited excerpt sits in the whole passage, to mark it; null when it cannot be found.
 * Excerpts may be cut and end in an ellipsis, so the longest start of it found in the text counts.
 */
export function excerptSpan(text: string, excerpt: string): { start: number; end: number } | null {
  const core = excerpt.replace(/^(?:\s|…|\.{3})+|(?:\s|…|\.{3})+$/g, '');
  if (core.length < MIN_QUOTE || !text.includes(core.slice(0, MIN_QUOTE))) return null;
  // Found prefixes only get shorter than a found one, so the longest is searched by halves.
  let found = MIN_QUOTE;
  let missing = core.length + 1;
  while (missing - found > 1) {
    const middle = Math.floor((found + missing) / 2);
    if (text.includes(core.slice(0, middle))) found = middle;
    else missing = middle;
  }
  let start = text.indexOf(core.slice(0, found));
  let end = start + found;
  // Whole words: an excerpt cut mid-word ("…colCla…") still marks the word it cut.
  const inWord = (index: number) => index >= 0 && index < text.length && /[\p{L}\p{N}]/u.test(text[index]!);
  while (inWord(start - 1) && inWord(start)) start -= 1;
  while (inWord(end - 1) && inWord(end)) end += 1;
  return { start, end };
}
