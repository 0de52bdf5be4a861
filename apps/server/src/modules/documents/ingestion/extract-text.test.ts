import { describe, expect, it } from 'vitest';
import { decodeText, textBlocks } from './extract-text.js';
import { htmlBlocks } from './extract-docx.js';

describe('text extraction', () => {
  it('reads Markdown headings, paragraphs, tables and fenced code as blocks', () => {
    const { blocks, pages } = textBlocks('# Title\n\nFirst line\ncontinues here.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\n# not a heading\n```\n', true);
    expect(pages).toBeNull();
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Title'],
      ['paragraph', 'First line continues here.'],
      ['table', '| a | b |\n|---|---|\n| 1 | 2 |'],
      ['table', '```\n# not a heading\n```'],
    ]);
  });

  it('drops closing #s of a heading, and reads a heading line of megabytes in linear time', () => {
    const headings = (text: string) => textBlocks(text, true).blocks.map((block) => [block.kind, block.text]);
    expect(headings('# Title ##  \n\n## C# in a day #\n\n# ###\n\n#no-space')).toEqual([
      ['heading', 'Title'],
      ['heading', 'C# in a day'],
      ['heading', '#'],
      ['paragraph', '#no-space'],
    ]);
    // The old pattern took about a minute on 5,000 spaces; a linear reader takes milliseconds on millions.
    const started = performance.now();
    expect(headings(`# a${' '.repeat(2_000_000)}b`)).toEqual([['heading', 'a b']]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('treats # as text in plain text, and a form feed as a new page', () => {
    const { blocks, pages } = textBlocks('# price list\fsecond page', false);
    expect(pages).toBe(2);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: '# price list', page: 1 },
      { kind: 'paragraph', text: 'second page', page: 2 },
    ]);
  });

  it('decodes UTF-8 with a BOM, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(Buffer.from('\uFEFFpolítica', 'utf8'))).toBe('política');
    expect(decodeText(Buffer.from([0x70, 0x6f, 0x6c, 0xed, 0x74, 0x69, 0x63, 0x61]))).toBe('política');
  });

  it('reads headings, paragraphs and tables from converted DOCX HTML, entities decoded', () => {
    const blocks = htmlBlocks(
      '<h1>Hours &amp; days</h1><p>Open <strong>daily</strong>.</p><table><tr><td>Mon</td><td>9-5</td></tr></table><ul><li>Item</li></ul>',
    );
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Hours & days'],
      ['paragraph', 'Open daily.'],
      ['table', '| Mon | 9-5 |'],
      ['paragraph', 'Item'],
    ]);
  });
});
