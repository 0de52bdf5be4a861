import { DOCUMENT_MAX_RECORDS } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { extractJson } from './extract-json.js';

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('JSON read as records', () => {
  it('names each larger record by its name field and flattens nested fields into paths', () => {
    const long = 'A frame of titanium, light and strong, with spring hinges and adjustable nose pads. '.repeat(4);
    const { blocks, problem } = extractJson(json([{ id: 7, name: 'Aviator', details: { material: 'titanium', notes: long }, colours: ['gold', 'silver'] }]));
    expect(problem).toBeNull();
    expect(blocks[0]).toEqual({ kind: 'heading', text: 'Aviator', page: null });
    expect(blocks[1]?.text).toContain('details.material: titanium');
    expect(blocks[1]?.text).toContain('colours: gold, silver');
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
