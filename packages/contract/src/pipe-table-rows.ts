/** A Markdown table's delimiter cell (`---`, `:-:`): layout, not a cell of the table. */
const DELIMITER_CELL = /^:?-+:?$/;

/** A line of a Markdown pipe table: it starts and ends with a pipe. */
export function isPipeTableLine(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.length > 1 && trimmed.startsWith('|') && trimmed.endsWith('|');
}

/** The cells of one pipe-table line, `\|` kept as a pipe inside its cell, in one pass. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  const body = line.trim().replace(/^\|/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (char === '\\' && body[index + 1] === '|') {
      cell += '|';
      index += 1;
    } else if (char === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  if (cell.trim()) cells.push(cell.trim());
  return cells;
}

/**
 * A pipe table's rows of cells, without its delimiter row: the first row is the header. One
 * reader for every place that meets a quoted table (ingestion, the widget, WhatsApp), so they
 * agree on what a cell is.
 */
export function pipeTableRows(lines: string | readonly string[]): string[][] {
  return (typeof lines === 'string' ? lines.split('\n') : lines)
    .map(cellsOf)
    .filter((cells) => cells.length > 0 && !cells.every((cell) => DELIMITER_CELL.test(cell)));
}
