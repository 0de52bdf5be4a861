import { ExtractionError, tidy, type Block, type ExtractedDocument } from './extracted-document.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** UTF-8 when it is valid (BOM dropped), else Windows-1252, the usual encoding of older Spanish and English text files. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return windows1252.decode(bytes);
  }
}

/** The opening of an ATX heading; its closing #s are trimmed by headingText, not by a backtracking pattern. */
const HEADING_START = /^#{1,6}\s+/;
const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/.test(char);

/**
 * The text of a Markdown heading line, or null. A lazy pattern with trailing `\s*#*\s*$` took
 * cubic time on a heading full of spaces (seconds for a 5 KB line), so the end is trimmed by hand.
 */
function headingText(line: string): string | null {
  const start = HEADING_START.exec(line);
  if (!start) return null;
  let end = line.length;
  while (end > start[0].length && isSpace(line[end - 1])) end -= 1;
  const beforeHashes = end;
  while (end > start[0].length && line[end - 1] === '#') end -= 1;
  // A heading of only #s keeps one of them as its text, as before.
  if (end === start[0].length) end = Math.min(beforeHashes, end + 1);
  while (end > start[0].length && isSpace(line[end - 1])) end -= 1;
  return end > start[0].length ? line.slice(start[0].length, end) : null;
}
const FENCE = /^(```|~~~)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;

/**
 * Blocks of Markdown or plain text: ATX headings (Markdown only), paragraphs separated by blank
 * lines, pipe tables and fenced code kept whole. A form feed starts a new page, as text exported
 * from PDFs and word processors marks it.
 */
export function textBlocks(text: string, markdown: boolean): { blocks: Block[]; pages: number | null } {
  const pageTexts = text.split('\f');
  const paged = pageTexts.length > 1;
  const blocks: Block[] = [];
  pageTexts.forEach((pageText, index) => {
    const page = paged ? index + 1 : null;
    let lines: string[] = [];
    let kind: 'paragraph' | 'table' | 'code' = 'paragraph';
    const flush = () => {
      const body = kind === 'paragraph' ? tidy(lines.join(' ')) : lines.join('\n').trim();
      if (body) blocks.push({ kind: kind === 'paragraph' ? 'paragraph' : 'table', text: body, page });
      lines = [];
      kind = 'paragraph';
    };
    for (const raw of pageText.replace(/\r\n?/g, '\n').split('\n')) {
      const line = raw.trimEnd();
      if (kind === 'code') {
        lines.push(line);
        if (FENCE.test(line.trim())) flush();
        continue;
      }
      if (markdown && FENCE.test(line.trim())) {
        flush();
        kind = 'code';
        lines.push(line);
        continue;
      }
      const heading = markdown ? headingText(line) : null;
      if (heading) {
        flush();
        blocks.push({ kind: 'heading', text: tidy(heading), page });
        continue;
      }
      if (TABLE_ROW.test(line)) {
        if (kind !== 'table') flush();
        kind = 'table';
        lines.push(line.trim());
        continue;
      }
      if (kind === 'table') flush();
      if (!line.trim()) flush();
      else lines.push(line);
    }
    flush();
  });
  return { blocks, pages: paged ? pageTexts.length : null };
}

export function extractText(bytes: Uint8Array, markdown: boolean): ExtractedDocument {
  const { blocks, pages } = textBlocks(decodeText(bytes), markdown);
  if (blocks.length === 0) throw new ExtractionError('empty', 'The file has no text.');
  return { pages, blocks, problem: null };
}
