import type { DocumentKind } from '@sparks/contract';
import { chunkDocument } from './chunk-document.js';
import { detectLanguage } from './detect-language.js';
import { extractDoc } from './extract-doc.js';
import { extractDocx } from './extract-docx.js';
import { OCR_LOW_CONFIDENCE, extractImage } from './extract-image.js';
import { extractJson } from './extract-json.js';
import { extractPdf } from './extract-pdf.js';
import { extractText } from './extract-text.js';
import { ExtractionError, READING_BUDGET_MS, pageRanges, type ExtractedDocument, type ReadLimits } from './extracted-document.js';
import type { IngestionResult } from './ingestion-repository.js';

export const INGESTION_BUDGET_MS = READING_BUDGET_MS;

/** What a reading may spend beyond its time: the worker's stop signal and the plan's OCR pages. */
export interface IngestOptions {
  signal?: AbortSignal | undefined;
  ocrPages?: number | undefined;
}

async function extract(kind: DocumentKind, bytes: Uint8Array, limits: ReadLimits): Promise<ExtractedDocument> {
  if (bytes.length === 0) throw new ExtractionError('empty', 'The file is empty.');
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes, limits);
    case 'docx':
      return extractDocx(bytes);
    case 'doc':
      return extractDoc(bytes);
    case 'image':
      return extractImage(bytes, limits);
    case 'json':
      return extractJson(bytes);
    case 'markdown':
    case 'answer':
      return extractText(bytes, true);
    case 'text':
      return extractText(bytes, false);
  }
}

/** From a stored file to indexed chunks: text by page with headings, then structure-aware chunks, then the language. */
export async function ingestDocument(kind: DocumentKind, bytes: Uint8Array, options: IngestOptions = {}): Promise<IngestionResult> {
  const { signal, ocrPages } = options;
  const extracted = await extract(kind, bytes, {
    deadline: Date.now() + INGESTION_BUDGET_MS,
    ...(signal ? { signal } : {}),
    ...(ocrPages !== undefined ? { ocrPages } : {}),
  });
  const chunks = chunkDocument(extracted.blocks);
  const sample = extracted.blocks
    .slice(0, 200)
    .map((block) => block.text)
    .join('\n');
  return {
    pages: extracted.pages,
    language: detectLanguage(sample),
    problem: extracted.problem,
    contentsPages: pageRanges(extracted.contentsPages ?? []),
    ocrPages: pageRanges((extracted.ocr ?? []).map((read) => read.page)),
    lowConfidencePages: pageRanges((extracted.ocr ?? []).filter((read) => read.confidence < OCR_LOW_CONFIDENCE).map((read) => read.page)),
    chunks,
  };
}
