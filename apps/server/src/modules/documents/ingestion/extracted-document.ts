import type { DocumentProblem, DocumentProblemInfo, PageRange } from '@sparks/contract';

/**
 * A unit of a document's structure; chunks never split a heading from its section, or a table or
 * a code block in two, when avoidable. A code block's text is its lines as set (indentation and
 * line breaks kept, without fences): program code, commands, configuration, BibTeX.
 */
export interface Block {
  kind: 'heading' | 'paragraph' | 'table' | 'code' | 'record';
  text: string;
  /** 1-based page; null for formats without pages (DOCX, plain text without form feeds). */
  page: number | null;
  /** A heading's level, 1 the outermost; absent where the format does not say (a PDF's headings, found by their size). */
  level?: number;
  /** A table's rows of cells, its header row first; `text` keeps the table's pipe form. */
  rows?: string[][];
  /** A record's name (JSON: its name, title or id field) and its fields in order; `text` is their "name: value" lines. */
  name?: string;
  fields?: Field[];
}

/** A named value: a table cell under its column's header (and the row it is in, from 1), or a record's field under its path. */
export interface Field {
  name: string;
  value: string;
  row?: number;
}

export interface ExtractedDocument {
  pages: number | null;
  blocks: Block[];
  /** Set when part of the document could not be read, though the rest could. */
  problem: DocumentProblemInfo | null;
  /** Pages read as a table of contents or an index and left out of what the Spark knows. */
  contentsPages?: number[];
  /** Pages read by OCR, with tesseract's mean confidence (0–100) for each. */
  ocr?: Array<{ page: number; confidence: number }>;
}

/** Longest one document may take to read before it is given up as too large or too complex. */
export const READING_BUDGET_MS = 120_000;

/** When reading must stop: a time budget, the worker shutting down, and the plan's OCR pages. */
export interface ReadLimits {
  deadline: number;
  signal?: AbortSignal;
  /** Pages without a text layer OCR may read in this document (the plan's); unlimited when absent. */
  ocrPages?: number;
}

/** A document that cannot be read at all; its code reaches the user as the document's status. */
export class ExtractionError extends Error {
  constructor(
    readonly code: DocumentProblem,
    message: string,
    readonly pages?: PageRange[],
    readonly limit?: number,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }

  get problem(): DocumentProblemInfo {
    return { code: this.code, message: this.message, ...(this.pages ? { pages: this.pages } : {}), ...(this.limit ? { limit: this.limit } : {}) };
  }
}

/** Consecutive page numbers as ranges: [3,4,5,9] → 3–5, 9–9. */
export function pageRanges(pages: readonly number[]): PageRange[] {
  const ranges: PageRange[] = [];
  for (const page of [...pages].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && page === last.to + 1) last.to = page;
    else ranges.push({ from: page, to: page });
  }
  return ranges;
}

export const describeRanges = (ranges: readonly PageRange[]): string =>
  ranges.map((range) => (range.from === range.to ? `${range.from}` : `${range.from}–${range.to}`)).join(', ');

/**
 * A line that reads as a title in a format that marks none (OCR sees no font sizes; a legacy Word
 * file's styles are not read): short, starting with a capital or a number, without a sentence's stop.
 */
export const looksLikeTitle = (line: string): boolean =>
  line.length <= 80 && /^[\p{Lu}\d]/u.test(line) && !/[.,;:]$/.test(line) && line.split(/\s+/).length <= 10;

/** Whitespace inside a line collapsed; text from PDFs often carries runs of spaces and soft hyphens. */
export const tidy = (text: string): string =>
  text
    .replace(/\u00ad/g, '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
