import { pipeTableRows } from '@sparks/contract/pipe-table-rows';
import { ExtractionError, tidy, type Block, type ExtractedDocument } from './extracted-document.js';
import { joinLines } from './join-lines.js';

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
/** A fence opening or closing a code block: three or more backticks or tildes, indented at most three spaces. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Markdown's setext underline: the line above it is a heading (`===` the first level, `---` the second). */
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-{2,})\s*$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
/** A line indented as Markdown's indented code: four spaces or a tab. */
const INDENTED = /^(?: {4}|\t)/;
/** The opening of a list item, whose indented lines continue the item rather than start code. */
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s/;

/** A code block's lines without their common indentation and the blank lines around them. */
function dedent(lines: readonly string[]): string {
  const kept = lines.map((line) => line.replace(/\t/g, '    '));
  while (kept.length > 0 && !kept.at(-1)!.trim()) kept.pop();
  while (kept.length > 0 && !kept[0]!.trim()) kept.shift();
  const indent = Math.min(...kept.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length));
  return kept.map((line) => line.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

/**
 * Blocks of Markdown or plain text: ATX and setext headings (Markdown only), paragraphs separated by blank
 * lines, pipe tables, and code kept as a block with its lines (Markdown's fenced and indented
 * code). A form feed starts a new page, as text exported from PDFs and word processors marks it.
 */
export function textBlocks(text: string, markdown: boolean): { blocks: Block[]; pages: number | null } {
  const pageTexts = text.split('\f');
  const paged = pageTexts.length > 1;
  const blocks: Block[] = [];
  pageTexts.forEach((pageText, index) => {
    const page = paged ? index + 1 : null;
    let lines: string[] = [];
    let kind: 'paragraph' | 'table' | 'fenced' | 'indented' = 'paragraph';
    let fence = '';
    // Indented lines after a list item continue it; only after other text do they start code.
    let inList = false;
    const flush = () => {
      if (kind === 'paragraph') {
        const body = tidy(
          joinLines(
            lines.map((line) => line.trim()),
            { hyphenated: false },
          ),
        );
        if (body) blocks.push({ kind: 'paragraph', text: body, page });
      } else if (kind === 'table') {
        const body = lines.join('\n').trim();
        if (body) blocks.push({ kind: 'table', text: body, page, rows: pipeTableRows(body) });
      } else {
        const body = dedent(lines);
        if (body) blocks.push({ kind: 'code', text: body, page });
      }
      lines = [];
      kind = 'paragraph';
    };
    for (const raw of pageText.replace(/\r\n?/g, '\n').split('\n')) {
      const line = raw.trimEnd();
      if (kind === 'fenced') {
        const closing = FENCE.exec(line)?.[1];
        if (closing && closing[0] === fence[0] && closing.length >= fence.length && line.trim() === closing) flush();
        else lines.push(line);
        continue;
      }
      if (kind === 'indented') {
        if (!line.trim() || INDENTED.test(line)) {
          lines.push(line);
          continue;
        }
        flush();
      }
      const opening = markdown ? FENCE.exec(line)?.[1] : undefined;
      if (opening) {
        flush();
        kind = 'fenced';
        fence = opening;
        continue;
      }
      if (markdown && lines.length === 0 && !inList && INDENTED.test(line) && line.trim()) {
        kind = 'indented';
        lines.push(line);
        continue;
      }
      // A paragraph's single line underlined with === or --- is a setext heading, not text followed by a rule.
      const setext = markdown && kind === 'paragraph' && lines.length === 1 && !inList && SETEXT_UNDERLINE.test(line) ? lines.pop()!.trim() : null;
      const heading = setext ?? (markdown ? headingText(line) : null);
      if (heading) {
        flush();
        inList = false;
        const level = setext ? (line.trim().startsWith('=') ? 1 : 2) : /^#+/.exec(line)![0].length;
        blocks.push({ kind: 'heading', text: tidy(heading), page, level });
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
      else {
        if (lines.length === 0) inList = LIST_ITEM.test(line) || (inList && /^\s/.test(line));
        lines.push(line);
      }
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
