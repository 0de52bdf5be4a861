import type { Spark } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { canConfirmSparkDelete, canConfirmTestDelete, paginate, splitSparks } from './sparks-rules';

const spark = (id: number, pin = false): Spark => ({
  _id: String(id),
  name: `Spark ${id}`,
  pin,
  type: 'DOC',
  createdAt: new Date(2026, 0, id).toISOString(),
  options: { isTest: false, deployToken: `t${id}`, initialMessage: '', level: 'PUBLIC', sysPrompt: 'default', theme: null, generalKnowledge: false },
});

describe('Sparks list rules', () => {
  it('unlocks a Spark delete only with the exact word Borrar', () => {
    expect(canConfirmSparkDelete('Borrar')).toBe(true);
    for (const typed of ['borrar', 'Borrar ', ' Borrar', 'BORRAR', '']) expect(canConfirmSparkDelete(typed)).toBe(false);
  });

  it("unlocks a test delete only with the test's exact name", () => {
    expect(canConfirmTestDelete('Refunds', 'Refunds')).toBe(true);
    expect(canConfirmTestDelete('refunds', 'Refunds')).toBe(false);
  });

  it('shows at most 4 pinned Sparks and keeps the others in recents', () => {
    const list = [spark(1, true), spark(2, true), spark(3, true), spark(4, true), spark(5, true), spark(6)];
    const { pinned, recents } = splitSparks(list);
    expect(pinned.map((item) => item._id)).toEqual(['1', '2', '3', '4']);
    expect(recents.map((item) => item._id)).toEqual(['6']);
  });

  it('pages recents by window height and clamps the page', () => {
    const items = Array.from({ length: 7 }, (_, index) => index);
    expect(paginate(items, 700, 1)).toEqual({ items: [0, 1], page: 1, pages: 4 });
    expect(paginate(items, 700, 4)).toEqual({ items: [6], page: 4, pages: 4 });
    expect(paginate(items, 1000, 9)).toEqual({ items: [5, 6], page: 2, pages: 2 });
    expect(paginate([], 800, 1)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
