import { withoutBidiControls } from '../../../lib/bidi-controls.js';
import type { Block, Field } from './extracted-document.js';

/** What a chunk holds: prose (paragraphs, lists and code), a table (or part of a long one), or one record (or part of a large one). */
export type ChunkKind = 'prose' | 'table' | 'record';

export interface Chunk {
  ord: number;
  page: number | null;
  pageEnd: number | null;
  /** The heading of the section the chunk belongs to: the last of its path. */
  heading: string | null;
  /** The headings above the chunk, outermost first ("Herramientas", "Recortar"). */
  path: string[];
  kind: ChunkKind;
  /** A table's cells under their columns' headers (each with its row), or a record's fields under their paths. */
  fields?: Field[];
  text: string;
}

export interface ChunkLimits {
  maxChars: number;
  overlapChars: number;
  maxTableChars: number;
}

export const CHUNKING: ChunkLimits = {
  /** ~800 tokens at ~4 characters per token. */
  maxChars: 3_200,
  /** Carried from the end of one chunk into the next inside a section, so a fact cut in two is found in either. */
  overlapChars: 400,
  /** A table this long is still kept whole rather than cut between rows. */
  maxTableChars: 4_800,
};

const sentences = (text: string): string[] => text.split(/(?<=[.!?;:])\s+/).filter(Boolean);

/** Pieces of at most `max` characters, cut between sentences, or between words when a sentence is longer. */
function splitLong(text: string, max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  const push = (part: string) => {
    if (current && current.length + 1 + part.length > max) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current} ${part}` : part;
  };
  for (const sentence of sentences(text)) {
    if (sentence.length <= max) push(sentence);
    else for (const word of sentence.split(/\s+/)) push(word.length > max ? word.slice(0, max) : word);
  }
  if (current) pieces.push(current);
  return pieces;
}

/** A table too long to keep whole is cut between rows, each part repeating the header row. */
function splitTable(text: string, max: number): string[] {
  const [header, ...rows] = text.split('\n');
  const parts: string[] = [];
  let current = header ?? '';
  for (const row of rows) {
    if (current.length + 1 + row.length > max && current !== header) {
      parts.push(current);
      current = header ?? '';
    }
    current = `${current}\n${row}`;
  }
  parts.push(current);
  return parts.flatMap((part) => (part.length > max ? splitLong(part, max) : [part]));
}

/**
 * A code block as a passage carries it: a Markdown fence around its lines, longer than any run of
 * backticks inside, so a quote and a model both read it as code with its line breaks.
 */
export function fencedCode(code: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${code}\n${fence}`;
}

const isFenced = (text: string): boolean => text.startsWith('```');

/**
 * How much of a chunk's budget a piece takes: its characters; for code, those of its lines with a
 * run of spaces counted once, as a tokenizer counts it. Fences and the indentation that aligns
 * code are layout, not content, and a document's code should not take more chunks than its text.
 */
const sizeOf = (text: string): number =>
  isFenced(text)
    ? text
        .replace(/^`+\n|\n`+$/g, '')
        .replace(/ {2,}/g, ' ')
        .replace(/\n/g, ' ').length
    : text.length;

/** A code block too long to keep whole is cut between lines, each part a block of its own. */
function splitCode(code: string, max: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const line of code.split('\n')) {
    if (current && current.length + 1 + line.length > max) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current}\n${line.slice(0, max)}` : line.slice(0, max);
  }
  if (current.trim()) parts.push(current);
  return parts;
}

/** The end of a chunk, whole sentences only, to open the next one; a code block is carried whole or not at all. */
function overlapOf(text: string, max: number): string {
  if (isFenced(text)) return sizeOf(text) <= max ? text : '';
  const taken: string[] = [];
  let length = 0;
  for (const sentence of sentences(text).reverse()) {
    if (length + sentence.length > max) break;
    taken.unshift(sentence);
    length += sentence.length + 1;
  }
  return taken.join(' ');
}

/** How one row of a table reads: each cell under its column's header ("Day: Sunday · Hours: 8:30 – 13:00"). */
const rowText = (fields: readonly Field[]): string => fields.map((field) => (field.name ? `${field.name}: ${field.value}` : field.value)).join(' · ');

/** A table's rows in parts of at most `max` characters (a row longer than that is cut), each row whole. */
function tableParts(rows: ReadonlyArray<readonly Field[]>, max: number): Field[][][] {
  const parts: Field[][][] = [];
  let current: Field[][] = [];
  let length = 0;
  for (const row of rows) {
    const size = rowText(row).length + 1;
    if (current.length > 0 && length + size > max) {
      parts.push(current);
      current = [];
      length = 0;
    }
    current.push([...row]);
    length += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** A record's fields in parts of at most `max` characters, cut between the elements of its lists (`sizes[2].…`), never inside one. */
function recordParts(fields: readonly Field[], max: number): Field[][] {
  const parts: Field[][] = [];
  let current: Field[] = [];
  let length = 0;
  let element = '';
  for (const field of fields) {
    const line = field.name.length + field.value.length + 3;
    const of = /^[^.[]*(?:\[\d+\])?/.exec(field.name)?.[0] ?? field.name;
    if (current.length > 0 && length + line > max && of !== element) {
      parts.push(current);
      current = [];
      length = 0;
    }
    current.push(field.value.length > max ? { ...field, value: field.value.slice(0, max) } : field);
    length += line;
    element = of;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * Chunks follow the document's structure: a heading starts a new chunk, and the headings above a
 * chunk are its path (each heading's level decides which it replaces); paragraphs fill a chunk up
 * to ~800 tokens, code keeps its lines inside a Markdown fence. A table is a unit of its own (cut
 * between rows when long), each row reading with its column headers, so the row that answers is
 * found and quoted with them; a record (JSON) is one unit, whole, or split between the elements of
 * its lists with its name repeated.
 */
export function chunkDocument(blocks: readonly Block[], limits: ChunkLimits = CHUNKING): Chunk[] {
  const chunks: Chunk[] = [];
  const path: Array<{ level: number; text: string }> = [];
  let parts: string[] = [];
  let length = 0;
  let page: number | null = null;
  let pageEnd: number | null = null;
  let carried = false;
  const heading = () => path.at(-1)?.text ?? null;
  const pathTexts = () => path.map((entry) => entry.text);
  const push = (chunk: Omit<Chunk, 'ord' | 'heading' | 'path'> & { heading?: string | null; path?: string[] }) =>
    chunks.push({ ord: chunks.length, heading: chunk.heading === undefined ? heading() : chunk.heading, ...chunk, path: chunk.path ?? pathTexts() });

  const flush = () => {
    if (parts.length > 0 && !(carried && parts.length === 1)) push({ kind: 'prose', page, pageEnd, text: parts.join('\n\n') });
    parts = [];
    length = 0;
    page = null;
    pageEnd = null;
    carried = false;
  };
  const add = (text: string, blockPage: number | null) => {
    if (length > 0 && length + 2 + sizeOf(text) > limits.maxChars) {
      const overlap = overlapOf(parts.at(-1) ?? '', limits.overlapChars);
      const overlapPage = pageEnd;
      flush();
      if (overlap) {
        parts.push(overlap);
        length = sizeOf(overlap);
        page = overlapPage;
        pageEnd = overlapPage;
        carried = true;
      }
    }
    parts.push(text);
    length += sizeOf(text) + 2;
    carried = false;
    page ??= blockPage;
    pageEnd = blockPage ?? pageEnd;
  };

  for (const original of blocks) {
    const block = { ...original, text: withoutBidiControls(original.text) };
    if (block.kind === 'heading') {
      flush();
      // A heading of a format that gives no levels replaces the one before, as a heading of the same level does.
      const level = block.level ?? 1;
      while (path.length > 0 && path.at(-1)!.level >= level) path.pop();
      path.push({ level, text: block.text.slice(0, 300) });
      continue;
    }
    const rows = block.kind === 'table' ? (block.rows ?? []) : [];
    if (rows.length > 1) {
      flush();
      const header = rows[0]!.map((cell) => withoutBidiControls(cell));
      // Each row reads with its headers, so the row that answers is found and quoted with them, never as a line of pipes.
      const cells = rows.slice(1).flatMap((row, index) => {
        const fields = row.flatMap((cell, column) =>
          cell.trim() ? [{ name: header[column] ?? '', value: withoutBidiControls(cell).slice(0, limits.maxChars), row: index + 1 }] : [],
        );
        return fields.length > 0 ? [fields] : [];
      });
      for (const part of tableParts(cells, limits.maxTableChars))
        push({ kind: 'table', page: block.page, pageEnd: block.page, fields: part.flat(), text: part.map(rowText).join('\n') });
      continue;
    }
    if (block.kind === 'record' && block.fields) {
      flush();
      const name = block.name?.slice(0, 300) ?? heading();
      const under = name ? [...pathTexts(), name] : pathTexts();
      for (const fields of recordParts(block.fields, limits.maxChars))
        push({
          kind: 'record',
          page: block.page,
          pageEnd: block.page,
          heading: name,
          path: under,
          fields,
          text: fields.map((field) => `${field.name}: ${field.value}`).join('\n'),
        });
      continue;
    }
    const whole = block.kind === 'paragraph' ? limits.maxChars : limits.maxTableChars;
    const pieces =
      sizeOf(block.kind === 'code' ? fencedCode(block.text) : block.text) <= whole
        ? [block.kind === 'code' ? fencedCode(block.text) : block.text]
        : block.kind === 'table'
          ? splitTable(block.text, limits.maxChars)
          : block.kind === 'code'
            ? splitCode(block.text, limits.maxChars - 10).map(fencedCode)
            : splitLong(block.text, limits.maxChars);
    for (const piece of pieces) {
      // A table that fits whole but not beside what came before gets a chunk of its own; a code
      // block goes on like the text around it, so the sentence introducing it comes along.
      if (block.kind === 'table' && length > 0 && length + piece.length > limits.maxChars) flush();
      add(piece, block.page);
    }
  }
  flush();
  // A document of headings only still says something.
  if (chunks.length === 0 && heading()) push({ kind: 'prose', page: blocks[0]?.page ?? null, pageEnd: blocks.at(-1)?.page ?? null, text: heading()! });
  return chunks;
}
