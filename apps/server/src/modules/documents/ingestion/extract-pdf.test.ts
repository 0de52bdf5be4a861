import { describe, expect, it } from 'vitest';
import { makePdf } from '#test/document-fixtures.js';
import { extractPdf } from './extract-pdf.js';

const read = async (pages: Parameters<typeof makePdf>[0]) =>
  (await extractPdf(new Uint8Array(await makePdf(pages)), { deadline: Date.now() + 60_000 })).blocks.map((block) => [block.kind, block.text]);

describe('reading a PDF with code in it', () => {
  it('reads a table set in columns as a table, its header row first, and the text around it as paragraphs', async () => {
    const pdf = await extractPdf(
      new Uint8Array(
        await makePdf([
          {
            heading: 'Opening hours',
            paragraphs: [
              'The shop opens every day of the week:',
              {
                table: [
                  ['Day', 'Hours', 'Bakery'],
                  ['Monday', '8:00 – 20:00', 'Yes'],
                  ['Saturday', '9:00 – 14:00', ''],
                  ['Sunday', '8:30 – 13:00', 'Yes | fresh'],
                ],
              },
              'Holidays follow the Sunday hours.',
            ],
          },
        ]),
      ),
      { deadline: Date.now() + 60_000 },
    );
    expect(pdf.blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'table', 'paragraph']);
    const table = pdf.blocks[2]!;
    expect(table.rows).toEqual([
      ['Day', 'Hours', 'Bakery'],
      ['Monday', '8:00 – 20:00', 'Yes'],
      ['Saturday', '9:00 – 14:00', ''],
      ['Sunday', '8:30 – 13:00', 'Yes | fresh'],
    ]);
    expect(table.text.split('\n')[0]).toMatch(/^\| Day\s+\| Hours\s+\| Bakery\s+\|$/);
    expect(table.text).toContain('Yes \\| fresh');
  });

  it('leaves two short lines side by side, and a text whose lines merely have gaps, as paragraphs', async () => {
    const blocks = await read([
      {
        paragraphs: [
          { table: [['Signed', 'Date']] },
          { table: [['Name: Ana', 'Phone: 600 000 000']] },
          'An ordinary paragraph follows, long enough to be prose and not a cell of any table that a shop would set.',
        ],
      },
    ]);
    expect(blocks.map(([kind]) => kind)).not.toContain('table');
  });

  it('keeps a listing set in a typewriter face as a code block, with its lines and indentation', async () => {
    const blocks = await read([
      {
        heading: 'Installing the server',
        paragraphs: [
          'To install the server, run the following commands in a terminal:',
          { code: ['$ sudo apt-get update', 'if [ -d /etc/sparks ]; then', '    echo "configured"', 'fi'] },
          'The service starts at once.',
        ],
      },
    ]);
    expect(blocks).toEqual([
      ['heading', 'Installing the server'],
      ['paragraph', 'To install the server, run the following commands in a terminal:'],
      ['code', '$ sudo apt-get update\nif [ -d /etc/sparks ]; then\n    echo "configured"\nfi'],
      ['paragraph', 'The service starts at once.'],
    ]);
  });

  it('keeps BibTeX as it is set, one field a line, and a listing that runs over a page break as one block', async () => {
    const blocks = await read([
      {
        heading: 'Citing',
        paragraphs: ['Please cite the manual as follows:', { code: ['@Manual{sparks,', '  title  = {Sparks},', '  year   = {2026},', '}'] }],
      },
      { paragraphs: [{ code: ['@Misc{other,', '  title = {More},', '}'] }, 'That is all.'] },
    ]);
    expect(blocks).toEqual([
      ['heading', 'Citing'],
      ['paragraph', 'Please cite the manual as follows:'],
      ['code', '@Manual{sparks,\n  title  = {Sparks},\n  year   = {2026},\n}\n@Misc{other,\n  title = {More},\n}'],
      ['paragraph', 'That is all.'],
    ]);
  });

  it('leaves a lone address set in a typewriter face in its text, and mends an address a line end broke', async () => {
    const blocks = await read([
      {
        heading: 'Support',
        paragraphs: [
          'Read the notes before you change anything:',
          { code: ['https://community.example/notes'] },
          'The forum is at http://\ncommunity.example/forum and answers within a day. A page of the manual is at https://exam-\nple.org/manual/sparks-\nserver.html for all.',
        ],
      },
    ]);
    expect(blocks.filter(([kind]) => kind === 'code')).toEqual([]);
    const text = blocks.map(([, block]) => block).join('\n');
    expect(text).toContain('https://community.example/notes');
    // Addresses are not hyphenated by typesetters: a hyphen at the break is the address's own.
    expect(text).toContain(
      'http://community.example/forum and answers within a day. A page of the manual is at https://exam-ple.org/manual/sparks-server.html for all.',
    );
  });
});
