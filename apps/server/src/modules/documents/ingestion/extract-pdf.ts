import { DOCUMENT_MAX_PAGES, type DocumentProblemInfo } from '@sparks/contract';
import { getDocumentProxy } from 'unpdf';
import { bodySize, cleanLines, repairText } from './clean-pages.js';
import {
  ExtractionError,
  READING_BUDGET_MS,
  describeRanges,
  pageRanges,
  tidy,
  type Block,
  type ExtractedDocument,
  type ReadLimits,
} from './extracted-document.js';
import { joinLines } from './join-lines.js';
import { ocrPdfPages, type OcrPages } from './ocr-pdf-pages.js';
import { codeRuns, codeText, lineSetting, type SetLine, type TextRun } from './pdf-code.js';
import { cellsOf, tableRuns, type CellLine } from './pdf-tables.js';
import { markdownTable } from 'markdown-table';

type Line = SetLine & CellLine;

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
  fontName?: string;
}

/** What pdf.js says of a font: its family is "monospace" for a fixed-pitch font. */
type TextStyles = Record<string, { fontFamily?: string } | undefined>;

/** Soft hyphens and control characters: what a font's odd glyphs (boxes, frames) read as, never text. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f\u00ad]/g;

const isTextItem = (item: unknown): item is TextItemLike => typeof (item as { str?: unknown }).str === 'string';

/**
 * Lines of one page in reading order, each with its font size (for headings), baseline (for
 * paragraph gaps), left edge and font (for code blocks).
 */
function linesOf(items: readonly unknown[], styles: TextStyles, page: number): Line[] {
  const lines: Line[] = [];
  let runs: TextRun[] = [];
  let size = 0;
  let y = Number.NaN;
  const flush = () => {
    const clean = tidy(runs.map((run) => run.text).join(''));
    if (clean) lines.push({ text: clean, size, y, page, ...lineSetting(runs), cells: cellsOf(runs, size) });
    runs = [];
    size = 0;
    y = Number.NaN;
  };
  for (const item of items) {
    if (!isTextItem(item)) continue;
    const itemY = item.transform[5] ?? 0;
    const itemSize = Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0) || item.height;
    // A jump of baseline without an end-of-line mark is still a new line (columns, positioned text).
    if (runs.length > 0 && !Number.isNaN(y) && Math.abs(itemY - y) > Math.max(size, itemSize) * 0.5) flush();
    if (Number.isNaN(y)) y = itemY;
    const mono = item.fontName !== undefined && styles[item.fontName]?.fontFamily === 'monospace';
    runs.push({ x: item.transform[4] ?? 0, width: item.width ?? 0, text: item.str.replace(INVISIBLE, ''), mono });
    if (item.str.trim()) size = Math.max(size, itemSize);
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

function blocksOf(lines: readonly Line[]): Block[] {
  const body = bodySize(lines);
  const isHeading = (line: Line) => body > 0 && line.size >= body * 1.15 && line.text.length <= 200;
  const codeSpans = codeRuns(lines, isHeading);
  const code = new Map(codeSpans.map((run) => [run.from, run.to]));
  const inCode = (index: number) => codeSpans.some((run) => run.from <= index && index <= run.to);
  // A table set in positioned text: each row a unit with its header (decision 0034), never a run-on paragraph of cells.
  const tables = new Map(tableRuns(lines, (index) => inCode(index) || isHeading(lines[index]!)).map((table) => [table.from, table]));
  const blocks: Block[] = [];
  let paragraph: Line[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: joinLines(paragraph.map((line) => line.text)), page: paragraph[0]!.page });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const codeEnd = code.get(index);
    if (codeEnd !== undefined) {
      flush();
      const text = codeText(lines.slice(index, codeEnd + 1));
      const previous = blocks.at(-1);
      // A listing that runs over a page break goes on at the top of the next page: one block.
      if (previous?.kind === 'code' && index > 0 && lines[index - 1]!.page !== line.page) previous.text += `\n${text}`;
      else blocks.push({ kind: 'code', text, page: line.page });
      index = codeEnd;
      continue;
    }
    const table = tables.get(index);
    if (table) {
      flush();
      // Cells are read from the runs as set, before the lines' repairs: the same repairs, cell by cell.
      const rows = table.rows.map((cells) => cells.map(repairText));
      blocks.push({ kind: 'table', text: markdownTable(rows.map((cells) => cells.map((cell) => cell.replaceAll('|', '\\|')))), page: line.page, rows });
      index = table.to;
      continue;
    }
    if (isHeading(line)) {
      flush();
      const previous = blocks.at(-1);
      // A heading set on two lines is one heading.
      if (previous?.kind === 'heading' && previous.page === line.page) previous.text = `${previous.text} ${line.text}`;
      else blocks.push({ kind: 'heading', text: line.text, page: line.page });
      continue;
    }
    const last = paragraph.at(-1);
    const gap = last && last.page === line.page ? Math.abs(last.y - line.y) : 0;
    if (last && (last.page !== line.page ? !continuesOnNextPage(last, line) : gap > Math.max(last.size, line.size) * 1.8)) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** A sentence cut by the end of a page goes on at the top of the next: no full stop before, a small letter after. */
const continuesOnNextPage = (last: Line, next: Line): boolean => !/[.!?:;)»"”]$/.test(last.text) && /^\p{Ll}/u.test(next.text);

const errorName = (error: unknown): string => (error as { name?: string }).name ?? '';

/** Scanned pages a budget left unread, said with the budget: the plan's OCR pages, or the reading time. */
function budgetProblem(skipped: NonNullable<OcrPages['skipped']>, limits: ReadLimits): DocumentProblemInfo {
  const pages = pageRanges(skipped.pages);
  if (skipped.budget === 'pages' && limits.ocrPages !== undefined) {
    return {
      code: 'ocr_page_budget',
      message: `Scanned pages ${describeRanges(pages)} were not read: your plan reads up to ${limits.ocrPages} scanned pages per document.`,
      pages,
      limit: limits.ocrPages,
    };
  }
  const seconds = Math.round(READING_BUDGET_MS / 1000);
  return {
    code: 'ocr_time_budget',
    message: `Reading stopped after ${seconds} seconds: scanned pages ${describeRanges(pages)} were not read.`,
    pages,
    limit: seconds,
  };
}

/**
 * Text of a PDF page by page with pdf.js (through unpdf). Encrypted, corrupt and image-only
 * files end in an ExtractionError naming the reason; pages without text are reported by number.
 */
export async function extractPdf(bytes: Uint8Array, limits: ReadLimits): Promise<ExtractedDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js refuses Node Buffers and may detach what it is given: it gets its own plain copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    if (errorName(error) === 'PasswordException') throw new ExtractionError('encrypted', 'The PDF is protected with a password.');
    throw new ExtractionError('corrupt', 'The file is not a readable PDF (it may be damaged or incomplete).');
  }
  try {
    const total = pdf.numPages;
    const readable = Math.min(total, DOCUMENT_MAX_PAGES);
    const lines: Line[] = [];
    const withoutText: number[] = [];
    for (let number = 1; number <= readable; number += 1) {
      limits.signal?.throwIfAborted();
      if (Date.now() > limits.deadline) throw new ExtractionError('too_complex', `Reading the PDF took too long; it stopped at page ${number}.`);
      let pageLines: Line[] = [];
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        pageLines = linesOf(content.items, content.styles as TextStyles, number);
        page.cleanup();
      } catch {
        // A damaged page is reported like an empty one; the rest of the document still counts.
      }
      if (pageLines.length === 0) withoutText.push(number);
      lines.push(...pageLines);
    }
    if (total === 0) throw new ExtractionError('empty', 'The PDF has no pages.');
    // Pages without a text layer are scans or photos: OCR reads them, in the same budget.
    const scanned: OcrPages = withoutText.length > 0 ? await ocrPdfPages(pdf, withoutText, limits) : { blocks: [], read: [], unread: [], skipped: null };
    if (lines.length === 0 && scanned.blocks.length === 0) {
      // Nothing read before a budget ran out: the document fails saying which budget, so the owner knows what to change.
      if (scanned.skipped) {
        const { code, message, pages, limit } = budgetProblem(scanned.skipped, limits);
        throw new ExtractionError(code, message, pages, limit);
      }
      throw new ExtractionError('no_text', 'No text could be read, even by OCR: the pages seem to hold only pictures.', pageRanges(withoutText));
    }
    let problem: ExtractedDocument['problem'] = null;
    if (scanned.skipped) problem = budgetProblem(scanned.skipped, limits);
    else if (scanned.unread.length > 0) {
      const pages = pageRanges(scanned.unread);
      problem = { code: 'pages_without_text', message: `No text could be extracted from pages ${describeRanges(pages)}.`, pages };
    } else if (total > readable) {
      problem = { code: 'too_many_pages', message: `Only the first ${readable} of ${total} pages were read.`, pages: [{ from: readable + 1, to: total }] };
    }
    const cleaned = cleanLines(lines);
    const blocks = [...blocksOf(cleaned.lines), ...scanned.blocks].sort((a, b) => (a.page ?? 0) - (b.page ?? 0));
    return { pages: total, blocks, problem, contentsPages: cleaned.contentsPages, ...(scanned.read.length > 0 ? { ocr: scanned.read } : {}) };
  } finally {
    await pdf.destroy();
  }
}
