import { DOCUMENT_MAX_RECORDS } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { extractJson } from './extract-json.js';

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('JSON read as records', () => {
  it('names each larger record by its name field and flattens nested fields into paths', () => {
    const long = 'A frame of titanium, light and strong, with spring hinges and adjustable nose pads. '.repeat(4);
    const { blocks, problem } = extractJson(json([{ id: 7, name: 'Aviator', details: { material: 'titanium', notes: long }, colours: ['gold', 'silver'] }]));
    expect(problem).toBeNull();
    expect(blocks[0]).toMatchObject({ kind: 'record', name: 'Aviator', page: null });
    expect(blocks[0]?.text).toContain('details.material: titanium');
    expect(blocks[0]?.fields).toContainEqual({ name: 'colours', value: 'gold, silver' });
  });

  it('keeps each record whole and apart, every element of its lists, small ones never grouped with another', () => {
    const { blocks } = extractJson(
      json({
        shop: 'Lino',
        items: [
          { name: 'Linen shirt', variants: [{ size: 'S' }, { size: 'M' }, { size: 'L' }] },
          { name: 'Wool scarf', price: 25 },
        ],
      }),
    );
    expect(blocks.map((block) => [block.kind, block.name ?? null])).toEqual([
      ['paragraph', null],
      ['record', 'Linen shirt'],
      ['record', 'Wool scarf'],
    ]);
    expect(blocks[1]?.fields).toEqual([
      { name: 'name', value: 'Linen shirt' },
      { name: 'variants[1].size', value: 'S' },
      { name: 'variants[2].size', value: 'M' },
      { name: 'variants[3].size', value: 'L' },
    ]);
  });

  it('reads the first records of an export too large and says how many it read, as records', () => {
    const records = Array.from({ length: DOCUMENT_MAX_RECORDS + 5 }, (_, index) => ({ sku: `S-${index}`, stock: index }));
    const { problem, blocks } = extractJson(json({ items: records }));
    expect(problem).toEqual({ code: 'too_many_records', message: `Only the first ${DOCUMENT_MAX_RECORDS} of ${DOCUMENT_MAX_RECORDS + 5} records were read.` });
    const text = blocks.map((block) => block.text).join('\n');
    expect(text).toContain(`S-${DOCUMENT_MAX_RECORDS - 1}`);
    expect(text).not.toContain(`S-${DOCUMENT_MAX_RECORDS}\n`);
  });
});
