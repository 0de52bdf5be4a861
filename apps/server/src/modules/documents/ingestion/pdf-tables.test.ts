import { describe, expect, it } from 'vitest';
import { cellsOf, tableRuns, type CellLine } from './pdf-tables.js';

/** A line set at 11 points, its cells at the given left edges. */
const line = (y: number, ...cells: Array<[number, string]>): CellLine => ({
  text: cells.map(([, text]) => text).join(' '),
  size: 11,
  y,
  page: 1,
  cells: cells.map(([x, text]) => ({ x, text })),
});

describe('tables in positioned PDF text', () => {
  it('parts a line into cells at wide gaps, and keeps words set without spaces apart', () => {
    const runs = [
      { x: 72, width: 20, text: 'Day', mono: false },
      { x: 92, width: 120, text: ' ', mono: false },
      { x: 222, width: 20, text: 'set', mono: false },
      { x: 244, width: 20, text: 'user', mono: false },
    ];
    expect(cellsOf(runs, 11)).toEqual([
      { x: 72, text: 'Day' },
      { x: 222, text: 'set user' },
    ]);
  });

  it('puts a cell wrapped onto a second line back on its row', () => {
    const lines = [
      line(700, [72, 'Service'], [222, 'Program']),
      line(684, [72, 'Mail'], [222, 'IMAP server for the']),
      line(672, [222, 'whole office']),
      line(656, [72, 'Printing'], [222, 'CUPS']),
    ];
    expect(tableRuns(lines, () => false)).toEqual([
      {
        from: 0,
        to: 3,
        rows: [
          ['Service', 'Program'],
          ['Mail', 'IMAP server for the whole office'],
          ['Printing', 'CUPS'],
        ],
      },
    ]);
  });

  it('puts the cells of a row wrapped over several lines back on it, and the wrapped names of a header on it', () => {
    const lines = [
      line(700, [72, 'Service'], [222, 'Opening'], [372, 'Contact']),
      line(688, [222, 'hours'], [372, 'address']),
      line(672, [72, 'Mail'], [222, 'Monday to Friday,'], [372, 'mail@example.org']),
      line(660, [222, '8:00 to 18:00'], [372, 'or the front desk']),
      line(644, [72, 'Printing'], [222, 'Always']),
      line(628, [72, 'Printers are on the second floor, beside the lifts, and take any badge.']),
    ];
    expect(tableRuns(lines, () => false)).toEqual([
      {
        from: 0,
        to: 4,
        rows: [
          ['Service', 'Opening hours', 'Contact address'],
          ['Mail', 'Monday to Friday, 8:00 to 18:00', 'mail@example.org or the front desk'],
          ['Printing', 'Always', ''],
        ],
      },
    ]);
  });

  it('takes no prose set under a column for the wrapped name of a header', () => {
    const lines = [
      line(700, [72, 'Name'], [222, 'Notes']),
      line(688, [222, 'Written by the maintainers of each package over the years.']),
      line(672, [72, 'zlib'], [222, 'compression']),
      line(660, [72, 'curl'], [222, 'transfers']),
    ];
    expect(tableRuns(lines, () => false)).toEqual([]);
  });

  it('reads no table where the first line is a drawing of punctuation, or where lines are excluded', () => {
    const tree = [line(700, [72, '|'], [90, '|-- cello.ily']), line(688, [72, '|'], [90, '|-- oboe.ily']), line(676, [72, '|'], [90, '|-- horn.ily'])];
    expect(tableRuns(tree, () => false)).toEqual([]);
    const table = [line(700, [72, 'Day'], [222, 'Hours']), line(684, [72, 'Monday'], [222, '8–20']), line(668, [72, 'Sunday'], [222, '9–13'])];
    expect(tableRuns(table, () => true)).toEqual([]);
  });
});
