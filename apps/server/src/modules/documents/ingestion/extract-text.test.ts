import { describe, expect, it } from 'vitest';
import { decodeText, textBlocks } from './extract-text.js';
import { makeDocx } from '#test/document-fixtures.js';
import { extractDocx, htmlBlocks } from './extract-docx.js';

describe('text extraction', () => {
  it('reads Markdown headings, paragraphs, tables and fenced code as blocks', () => {
    const { blocks, pages } = textBlocks('# Title\n\nFirst line\ncontinues here.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\n# not a heading\n```\n', true);
    expect(pages).toBeNull();
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Title'],
      ['paragraph', 'First line continues here.'],
      ['table', '| a | b |\n|---|---|\n| 1 | 2 |'],
      ['code', '# not a heading'],
    ]);
  });

  it('keeps Markdown code as blocks with their lines: fenced, tilde-fenced and indented, but not the indented lines of a list item', () => {
    const markdown = [
      'Install it:',
      '',
      '````sh',
      '$ npm install',
      '```',
      '$ npm start',
      '````',
      '',
      '~~~',
      'key = value',
      '~~~',
      '',
      '    if (ready) {',
      '',
      '        start();',
      '    }',
      '',
      '- A list item',
      '',
      '    continues here.',
    ].join('\n');
    expect(textBlocks(markdown, true).blocks.map((block) => [block.kind, block.text])).toEqual([
      ['paragraph', 'Install it:'],
      ['code', '$ npm install\n```\n$ npm start'],
      ['code', 'key = value'],
      ['code', 'if (ready) {\n\n    start();\n}'],
      ['paragraph', '- A list item'],
      ['paragraph', 'continues here.'],
    ]);
    // Plain text has no Markdown: indentation is only layout.
    expect(textBlocks('Text:\n\n    indented line', false).blocks.map((block) => block.kind)).toEqual(['paragraph', 'paragraph']);
  });

  it('mends an address a line end broke, in Markdown and plain text alike', () => {
    const text = 'Questions go to the forum at http://\ncommunity.example/forum/ or to\nhttps://help.example/\nfor answers.';
    for (const markdown of [true, false]) {
      expect(textBlocks(text, markdown).blocks[0]!.text).toBe(
        'Questions go to the forum at http://community.example/forum/ or to https://help.example/ for answers.',
      );
    }
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

  it('reads Markdown setext headings, but not a list item or a rule after a blank line, and never in plain text', () => {
    const markdown = 'Upgrading\n=========\n\nRun the installer.\n\nMirrors\n---\n\nPick one near you.\n\n- an item\n---\n\n---\n';
    expect(textBlocks(markdown, true).blocks.map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Upgrading'],
      ['paragraph', 'Run the installer.'],
      ['heading', 'Mirrors'],
      ['paragraph', 'Pick one near you.'],
      ['paragraph', '- an item ---'],
      ['paragraph', '---'],
    ]);
    expect(textBlocks('Upgrading\n=========\n\nRun the installer.', false).blocks.map((block) => block.kind)).toEqual(['paragraph', 'paragraph']);
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

  it('reads preformatted text from converted DOCX HTML as a code block that keeps its lines, and a line break in a paragraph as a space', () => {
    const blocks = htmlBlocks('<p>Run:</p><pre>$ make\n  $ make install<br />$ make check</pre><p>First<br />second.</p>');
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['paragraph', 'Run:'],
      ['code', '$ make\n  $ make install\n$ make check'],
      ['paragraph', 'First second.'],
    ]);
  });

  it('reads paragraphs in a Word code style as one code block, a line each', async () => {
    const docx = await makeDocx([{ heading: 'Setup' }, { paragraph: 'Run these:' }, { code: ['$ make', '  $ make install'] }, { paragraph: 'Done.' }]);
    const { blocks } = await extractDocx(new Uint8Array(docx));
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Setup'],
      ['paragraph', 'Run these:'],
      ['code', '$ make\n  $ make install'],
      ['paragraph', 'Done.'],
    ]);
  });

  it('keeps each heading’s level and a table’s cells by row, its delimiter row left out and escaped pipes kept', () => {
    const { blocks } = textBlocks('# Herramientas\n\n## Recortar\n\n| Tecla | Acción |\n|:---|---:|\n| Ctrl+K | Recortar \\| ajustar |\n\nHecho\n---\n', true);
    expect(blocks.map((block) => [block.kind, block.level ?? null])).toEqual([
      ['heading', 1],
      ['heading', 2],
      ['table', null],
      ['heading', 2],
    ]);
    expect(blocks[2]!.rows).toEqual([
      ['Tecla', 'Acción'],
      ['Ctrl+K', 'Recortar | ajustar'],
    ]);
  });
});
