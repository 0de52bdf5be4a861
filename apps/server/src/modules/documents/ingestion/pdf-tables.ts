import type { TextRun } from './pdf-code.js';
import type { PageLine } from './clean-pages.js';

/** A stretch of a line set apart from the rest by a wide gap: a table's cell, where the line is a row. */
export interface LineCell {
  x: number;
  text: string;
}

export interface CellLine extends PageLine {
  cells: LineCell[];
}

/** A gap wider than this many times the font size parts cells; a word space is a quarter of it or less. */
const CELL_GAP = 1.2;
/** Two runs this far apart or more are two words, even where the PDF sets no space between them. */
const WORD_GAP = 0.15;
/** A cell starts at its column when its left edge is within this many times the font size of the column's. */
const COLUMN_TOLERANCE = 1;
/** A header and two rows at least: two lines side by side are as often a form or a signature block. */
const MIN_ROWS = 3;
const MAX_COLUMNS = 12;
/**
 * Cells are short: a header's are a few words, a row's a value or a phrase. Two columns of prose
 * set side by side are lines of some fifty characters, and are no table.
 */
const MAX_HEADER_CELL = 40;
const MAX_CELL = 80;

/** A line's runs grouped into cells wherever the gap between two runs is wide. */
export function cellsOf(runs: readonly TextRun[], size: number): LineCell[] {
  const gap = CELL_GAP * Math.max(size, 1);
  const cells: LineCell[] = [];
  let end = Number.NEGATIVE_INFINITY;
  // pdf.js fills a positioned gap with a space as wide as the gap: such a space parts cells too.
  let parted = false;
  for (const run of runs) {
    if (!run.text.trim()) {
      if (run.width > gap) parted = true;
      else end = Math.max(end, run.x + run.width);
      continue;
    }
    const last = cells.at(-1);
    if (last && !parted && run.x - end <= gap) last.text += run.x - end >= WORD_GAP * size && !/\s$/.test(last.text) ? ` ${run.text}` : run.text;
    else cells.push({ x: run.x, text: run.text });
    end = run.x + run.width;
    parted = false;
  }
  return cells.map((cell) => ({ x: cell.x, text: cell.text.replace(/\s+/g, ' ').trim() })).filter((cell) => cell.text);
}

/** The column a cell starts in, or -1 when it starts at none of them. */
function columnOf(columns: readonly number[], cell: LineCell, size: number): number {
  const tolerance = COLUMN_TOLERANCE * Math.max(size, 1);
  return columns.findIndex((x) => Math.abs(cell.x - x) <= tolerance);
}

/** A line's cells under the header's columns, or null when a cell starts at no column or two share one. */
function rowOf(columns: readonly number[], line: CellLine): string[] | null {
  const row = columns.map(() => '');
  for (const cell of line.cells) {
    const column = columnOf(columns, cell, line.size);
    if (column < 0 || row[column]) return null;
    row[column] = cell.text;
  }
  return row;
}

/** A header's cells name something: a cell of mere punctuation ("|", "---") is a drawing or a tree, not a column. */
const NAMES = /[\p{L}\p{N}]/u;

/**
 * A line whose cells all start at columns other than the first goes on the row above: its cells'
 * text wrapped onto a second line (a header's too). A row's first cell names it, so a line
 * without one is never a row of its own. Returns the columns the cells fall in, or null.
 */
function wrapsCells(columns: readonly number[], line: CellLine): number[] | null {
  const at = line.cells.map((cell) => columnOf(columns, cell, line.size));
  if (at.length === 0 || at.some((column) => column <= 0) || new Set(at).size !== at.length) return null;
  return at;
}

/** A header's cell: short, and naming something. */
const namesColumn = (cell: LineCell): boolean => cell.text.length <= MAX_HEADER_CELL && NAMES.test(cell.text);

/** A line that may be a table's header: a few cells, each naming a column. */
const headsTable = (line: CellLine): boolean => line.cells.length >= 2 && line.cells.length <= MAX_COLUMNS && line.cells.every(namesColumn);

/**
 * Where a PDF page sets a table: lines of one page, one under the other, each of two cells or
 * more that start where the first line's cells start. The first line is the header; a row may
 * leave a cell empty, and a row's (or the header's) cells may wrap onto lines below it. Returns each table's first and last line and its rows, header first.
 */
export function tableRuns(lines: readonly CellLine[], excluded: (index: number) => boolean): Array<{ from: number; to: number; rows: string[][] }> {
  const tables: Array<{ from: number; to: number; rows: string[][] }> = [];
  let index = 0;
  while (index < lines.length) {
    const header = lines[index]!;
    if (excluded(index) || !headsTable(header)) {
      index += 1;
      continue;
    }
    const columns = header.cells.map((cell) => cell.x);
    const rows = [header.cells.map((cell) => cell.text)];
    let to = index;
    while (to + 1 < lines.length) {
      const next = lines[to + 1]!;
      if (next.page !== header.page || excluded(to + 1) || next.cells.some((cell) => cell.text.length > MAX_CELL)) break;
      const wrapped = wrapsCells(columns, next);
      // A header's wrapped name is still a name: a long line under it is prose, not more header.
      if (wrapped && (rows.length > 1 || next.cells.every(namesColumn))) {
        const last = rows.at(-1)!;
        wrapped.forEach((column, cell) => {
          const text = next.cells[cell]!.text;
          last[column] = last[column] ? `${last[column]} ${text}` : text;
        });
        to += 1;
        continue;
      }
      if (next.cells.length < 2) break;
      const row = rowOf(columns, next);
      if (!row) break;
      rows.push(row);
      to += 1;
    }
    if (rows.length >= MIN_ROWS) {
      tables.push({ from: index, to, rows });
      index = to + 1;
    } else index += 1;
  }
  return tables;
}
