import { describe, expect, it } from 'vitest';
import { isPipeTableLine, pipeTableRows } from './pipe-table-rows';

describe('pipe tables', () => {
  it('reads rows of cells without the delimiter row, an escaped pipe kept inside its cell and empty cells in place', () => {
    expect(pipeTableRows('| Day | Hours |\n| :- | -: |\n| Sunday | 8:30 \\| late |\n| Monday |  |')).toEqual([
      ['Day', 'Hours'],
      ['Sunday', '8:30 | late'],
      ['Monday', ''],
    ]);
  });

  it('tells a table line from prose that merely holds a pipe', () => {
    expect(['| a | b |', '  |x|  ', 'a | b', '|', 'text |'].map(isPipeTableLine)).toEqual([true, true, false, false, false]);
  });
});
