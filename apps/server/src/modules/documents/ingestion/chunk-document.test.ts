import { describe, expect, it } from 'vitest';
import { chunkDocument, fencedCode } from './chunk-document.js';
import type { Block } from './extracted-document.js';

const sentence = (index: number) => `Sentence number ${index} talks about topic ${index % 7} in some detail.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, index) => sentence(from + index)).join(' ');

describe('chunkDocument', () => {
  it('drops direction overrides, which would reorder an answer quoting the passage', () => {
    const blocks: Block[] = [
      { kind: 'heading', text: 'Re\u202eturns', page: 1 },
      { kind: 'paragraph', text: 'The serial number \u202eis 1234\u202c and \u2067this\u2069 stays.', page: 1 },
    ];
    expect(chunkDocument(blocks)).toEqual([
      { ord: 0, page: 1, pageEnd: 1, heading: 'Returns', path: ['Returns'], kind: 'prose', text: 'The serial number is 1234 and this stays.' },
    ]);
  });

  it('starts a chunk at each heading and names its section', () => {
    const blocks: Block[] = [
      { kind: 'heading', text: 'Returns', page: 1 },
      { kind: 'paragraph', text: 'Returns within 30 days.', page: 1 },
      { kind: 'heading', text: 'Shipping', page: 2 },
      { kind: 'paragraph', text: 'Ships in three days.', page: 2 },
    ];
    expect(chunkDocument(blocks)).toEqual([
      { ord: 0, page: 1, pageEnd: 1, heading: 'Returns', path: ['Returns'], kind: 'prose', text: 'Returns within 30 days.' },
      { ord: 1, page: 2, pageEnd: 2, heading: 'Shipping', path: ['Shipping'], kind: 'prose', text: 'Ships in three days.' },
    ]);
  });

  it('keeps the headings above a chunk as its path, by their levels', () => {
    const blocks: Block[] = [
      { kind: 'heading', text: 'Herramientas', page: null, level: 1 },
      { kind: 'heading', text: 'Recortar', page: null, level: 2 },
      { kind: 'paragraph', text: 'Elija Imagen › Recortar.', page: null },
      { kind: 'heading', text: 'Escalar', page: null, level: 2 },
      { kind: 'paragraph', text: 'Elija Imagen › Escalar.', page: null },
      { kind: 'heading', text: 'Filtros', page: null, level: 1 },
      { kind: 'paragraph', text: 'Desenfoque y nitidez.', page: null },
    ];
    expect(chunkDocument(blocks).map((chunk) => chunk.path)).toEqual([['Herramientas', 'Recortar'], ['Herramientas', 'Escalar'], ['Filtros']]);
  });

  it('makes a table a unit of its own whose rows each read with their headers, cut between rows when long', () => {
    const blocks: Block[] = [
      { kind: 'heading', text: 'Opening hours', page: 2 },
      { kind: 'paragraph', text: 'The shop and the café keep these hours.', page: 2 },
      {
        kind: 'table',
        text: '| Day | Hours |\n| Saturday | 8:00 – 14:00 |\n| Sunday | 8:30 – 13:00 |',
        rows: [
          ['Day', 'Hours'],
          ['Saturday', '8:00 – 14:00'],
          ['Sunday', '8:30 – 13:00'],
        ],
        page: 2,
      },
    ];
    const [prose, table] = chunkDocument(blocks);
    expect(prose).toMatchObject({ kind: 'prose', text: 'The shop and the café keep these hours.' });
    expect(table).toEqual({
      ord: 1,
      page: 2,
      pageEnd: 2,
      heading: 'Opening hours',
      path: ['Opening hours'],
      kind: 'table',
      fields: [
        { name: 'Day', value: 'Saturday', row: 1 },
        { name: 'Hours', value: '8:00 – 14:00', row: 1 },
        { name: 'Day', value: 'Sunday', row: 2 },
        { name: 'Hours', value: '8:30 – 13:00', row: 2 },
      ],
      text: 'Day: Saturday · Hours: 8:00 – 14:00\nDay: Sunday · Hours: 8:30 – 13:00',
    });
    const long = chunkDocument(blocks, { maxChars: 60, overlapChars: 0, maxTableChars: 40 }).filter((chunk) => chunk.kind === 'table');
    expect(long.map((chunk) => chunk.text)).toEqual(['Day: Saturday · Hours: 8:00 – 14:00', 'Day: Sunday · Hours: 8:30 – 13:00']);
    // Each part keeps its columns' headers with its cells.
    for (const part of long) expect(part.fields?.map((field) => field.name)).toEqual(['Day', 'Hours']);
  });

  it('keeps a record whole, and splits a large one between its list’s elements with its name on every part', () => {
    const fields = [
      { name: 'name', value: 'Linen shirt' },
      ...['S', 'M', 'L'].flatMap((size, index) => [
        { name: `variants[${index + 1}].size`, value: size },
        { name: `variants[${index + 1}].stock`, value: String(index * 4) },
      ]),
    ];
    const record: Block = { kind: 'record', text: '', page: null, name: 'Linen shirt', fields };
    const [whole] = chunkDocument([record]);
    expect(whole).toMatchObject({ kind: 'record', heading: 'Linen shirt', path: ['Linen shirt'], fields });
    expect(whole!.text).toContain('variants[3].size: L');
    const parts = chunkDocument([record], { maxChars: 60, overlapChars: 0, maxTableChars: 60 });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part).toMatchObject({ kind: 'record', heading: 'Linen shirt', path: ['Linen shirt'] });
    // No element of the list is cut between two parts.
    expect(parts.find((part) => part.text.includes('variants[3].size: L'))!.text).toContain('variants[3].stock: 8');
  });

  it('fills chunks to the size limit with an overlap of whole sentences, keeping page spans', () => {
    const blocks: Block[] = Array.from({ length: 12 }, (_, index) => ({ kind: 'paragraph' as const, text: paragraph(index * 10, 10), page: index + 1 }));
    const chunks = chunkDocument(blocks, { maxChars: 2000, overlapChars: 200, maxTableChars: 3000 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(2000 + 200);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.pageEnd! >= chunk.page!).toBe(true);
      if (index === 0) continue;
      const lastSentence = chunks[index - 1]!.text.split(/(?<=\.)\s+/).at(-1)!;
      // The chunk opens with the end of the one before it.
      expect(chunk.text.split('\n\n')[0]).toContain(lastSentence);
    }
    // Every sentence of the document is in some chunk.
    const all = chunks.map((chunk) => chunk.text).join(' ');
    for (let index = 0; index < 120; index += 1) expect(all).toContain(sentence(index));
  });

  it('keeps a table whole when it fits and cuts a long one between rows, repeating its header', () => {
    const small = '| A | B |\n|---|---|\n| 1 | 2 |';
    expect(chunkDocument([{ kind: 'table', text: small, page: 1 }])[0]?.text).toBe(small);
    const rows = Array.from({ length: 200 }, (_, index) => `| row ${index} | value ${index} |`);
    const chunks = chunkDocument([{ kind: 'table', text: ['| Name | Value |', ...rows].join('\n'), page: 3 }], {
      maxChars: 1000,
      overlapChars: 100,
      maxTableChars: 1500,
    });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text.split('\n')[0]).toBe('| Name | Value |');
  });

  it('keeps a code block whole inside a Markdown fence, with the text that introduces it, and never splits it into sentences', () => {
    const code = 'if (ready) {\n    start(); stop();\n}';
    const chunks = chunkDocument([
      { kind: 'paragraph', text: 'Start the server with:', page: 1 },
      { kind: 'code', text: code, page: 1 },
      { kind: 'code', text: 'echo ```', page: 1 },
    ]);
    expect(chunks.map((chunk) => chunk.text)).toEqual([`Start the server with:\n\n\`\`\`\n${code}\n\`\`\`\n\n\`\`\`\`\necho \`\`\`\n\`\`\`\``]);
    expect(fencedCode('a\nb')).toBe('```\na\nb\n```');
  });

  it('counts code by its content, not its indentation, cuts a long listing between lines and never carries half of one into the next chunk', () => {
    const limits = { maxChars: 400, overlapChars: 100, maxTableChars: 600 };
    const indented = Array.from({ length: 12 }, (_, index) => `${' '.repeat(24)}value_${index} = ${index}`).join('\n');
    // 12 lines of 40 characters, most of them spaces: one block, one chunk.
    expect(chunkDocument([{ kind: 'code', text: indented, page: 1 }], limits)).toHaveLength(1);
    const listing = Array.from({ length: 60 }, (_, index) => `line_${index} = compute(${index}); // step ${index}`).join('\n');
    const chunks = chunkDocument(
      [
        { kind: 'paragraph', text: 'The listing computes every step.', page: 1 },
        { kind: 'code', text: listing, page: 1 },
      ],
      limits,
    );
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.text.match(/```/g)?.length ?? 0).toSatisfy((fences: number) => fences % 2 === 0);
      expect(chunk.text.length).toBeLessThanOrEqual(limits.maxChars + limits.overlapChars);
    }
    const lines = chunks.flatMap((chunk) => chunk.text.split('\n')).filter((line) => line.startsWith('line_'));
    expect(new Set(lines).size).toBe(60);
  });

  it('splits a paragraph longer than a chunk between sentences', () => {
    const chunks = chunkDocument([{ kind: 'paragraph', text: paragraph(0, 200), page: null }], { maxChars: 1000, overlapChars: 0, maxTableChars: 1000 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.text).toMatch(/\.$/);
  });
});
