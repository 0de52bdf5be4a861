import type { PageLine } from './clean-pages.js';

/** A piece of a line as pdf.js gives it: where it starts, how wide it is, and whether its font is monospaced. */
export interface TextRun {
  x: number;
  width: number;
  text: string;
  mono: boolean;
}

/** A PDF line with what tells code from prose: where it starts, its font, and its text as set. */
export interface SetLine extends PageLine {
  /** Left edge of its first visible character. */
  x: number;
  /** Every letter and digit is in a monospaced font (punctuation after inline code may not be). */
  mono: boolean;
  /** Width of one character of its monospaced font; 0 when it has none. */
  charWidth: number;
  /** The text with its spacing as set, for a line of code, where columns matter. */
  setText: string;
}

/** Punctuation a sentence sets around inline code in the text font ("use `source()`."). */
const PROSE_PUNCTUATION = /^[\s.,;:!?()[\]'"‘’“”«»]*$/u;

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** What sets a line apart as code: its letters in a monospaced font, and its spacing by columns. */
export function lineSetting(runs: readonly TextRun[]): Pick<SetLine, 'x' | 'mono' | 'charWidth' | 'setText'> {
  const visible = runs.filter((run) => run.text.trim());
  const monoRuns = visible.filter((run) => run.mono);
  const widths = monoRuns.filter((run) => run.text.length > 1 && run.width > 0).map((run) => run.width / run.text.length);
  const charWidth = median(widths);
  const x = visible[0]?.x ?? 0;
  const mono = monoRuns.length > 0 && visible.every((run) => run.mono || PROSE_PUNCTUATION.test(run.text));
  if (!mono || charWidth <= 0) return { x, mono, charWidth, setText: runs.map((run) => run.text).join('') };
  // Code aligns by columns: a run set further right than the text so far starts at its own column.
  let setText = '';
  let end = x;
  for (const run of visible) {
    const gap = Math.round((run.x - x) / charWidth) - setText.length;
    if (gap > 0) setText += ' '.repeat(gap);
    else if (setText && !/\s$/.test(setText) && run.x > end + charWidth / 2) setText += ' ';
    setText += run.text;
    end = run.x + run.width;
  }
  return { x, mono, charWidth, setText: setText.trimEnd() };
}

/** Lines holding only an address (a link set in a typewriter font, perhaps broken over lines) are text, not code. */
const ADDRESS_ONLY = /^<?(?:(?:https?|ftp):\/\/|www\.)\S+$/i;

/** The line a run of lines sits beside: the one before it on the page, else the one after. */
const neighbourOf = <T extends SetLine>(lines: readonly T[], from: number, to: number): T | undefined => {
  const before = lines[from - 1];
  if (before && before.page === lines[from]!.page) return before;
  const after = lines[to + 1];
  return after && after.page === lines[to]!.page ? after : undefined;
};

/**
 * Runs of lines that are a code block: consecutive lines set in a monospaced font, several of
 * them, or one set apart from the text (indented, or with space above and below). A single
 * typewriter line in the flow of a paragraph is inline code that filled the line, and a lone
 * address is a link: both stay in their paragraph. `heading` says which lines are headings.
 */
export function codeRuns<T extends SetLine>(lines: readonly T[], heading: (line: T) => boolean): Array<{ from: number; to: number }> {
  const runs: Array<{ from: number; to: number }> = [];
  let index = 0;
  while (index < lines.length) {
    const first = lines[index]!;
    if (!first.mono || heading(first)) {
      index += 1;
      continue;
    }
    let to = index;
    // A blank line or two inside a listing keeps it one block; a wider gap is another block.
    while (to + 1 < lines.length) {
      const next = lines[to + 1]!;
      const last = lines[to]!;
      if (!next.mono || heading(next) || next.page !== last.page || last.y - next.y > Math.max(last.size, next.size) * 3.5) break;
      to += 1;
    }
    const run = lines.slice(index, to + 1);
    const step = Math.max(...run.map((line) => line.size)) * 1.2;
    const before = lines[index - 1];
    const after = lines[to + 1];
    const apart = (line: T | undefined, gap: (line: T) => number) => !line || line.page !== first.page || gap(line) > step * 1.4;
    const setApart = apart(before, (line) => line.y - first.y) && apart(after, (line) => lines[to]!.y - line.y);
    const neighbour = neighbourOf(lines, index, to);
    const minX = Math.min(...run.map((line) => line.x));
    const indented = neighbour !== undefined && minX > neighbour.x + Math.max(first.charWidth, first.size * 0.5) * 1.5;
    const address = run.every((line) => !/\s/.test(line.text)) && ADDRESS_ONLY.test(run.map((line) => line.text).join(''));
    // A formula's symbols and superscripts may be set in a typewriter face too; code says something.
    const says = run.reduce((count, line) => count + (line.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0) >= 2;
    if (says && !address && (run.length > 1 || indented || setApart)) runs.push({ from: index, to });
    index = to + 1;
  }
  return runs;
}

/** A code block's text: its lines as set, indented by their columns, with the blank lines the listing leaves. */
export function codeText(lines: readonly SetLine[]): string {
  const minX = Math.min(...lines.map((line) => line.x));
  const charWidth = median(lines.map((line) => line.charWidth).filter((width) => width > 0)) || (lines[0]?.size ?? 10) * 0.6;
  const gaps = lines.slice(1).map((line, index) => lines[index]!.y - line.y);
  const step = Math.min(...gaps.filter((gap) => gap > 0), Infinity);
  const text: string[] = [];
  lines.forEach((line, index) => {
    const gap = gaps[index - 1] ?? 0;
    if (index > 0 && Number.isFinite(step) && gap > step * 1.6) text.push('');
    text.push(`${' '.repeat(Math.max(0, Math.round((line.x - minX) / charWidth)))}${line.setText.normalize('NFKC')}`);
  });
  return text.join('\n');
}
