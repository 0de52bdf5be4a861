import { describe, expect, it } from 'vitest';
import { grayPng, makeDocx } from '#test/document-fixtures.js';
import { sniffKind } from './file-kind.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('sniffKind', () => {
  it('knows a PDF by its signature, whatever the name, also after a byte-order mark', async () => {
    expect(await sniffKind(bytes('%PDF-1.7\n...'), 'report.txt', false)).toEqual({ kind: 'pdf', content: 'pdf' });
    expect(await sniffKind(bytes('\uFEFF %PDF-1.4'), 'x', false)).toEqual({ kind: 'pdf', content: 'pdf' });
  });

  it('refuses markup and binaries dressed as documents', async () => {
    expect(await sniffKind(bytes('<!doctype html><p>hi'), 'a.pdf', true)).toBeNull();
    expect(await sniffKind(bytes('  <svg onload=alert(1)>'), 'a.md', true)).toBeNull();
    expect(await sniffKind(bytes('<?xml version="1.0"?><x/>'), 'a.txt', true)).toBeNull();
    expect(await sniffKind(bytes('GIF89a\u0001\u0000\u0001\u0000'), 'a.png', true)).toBeNull();
    expect(await sniffKind(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), 'a.txt', true)).toBeNull();
    expect(await sniffKind(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17]), 'a.txt', true)).toBeNull();
  });

  it('takes photos by their signature, says which they are, and leaves an OLE file to be checked as Word', async () => {
    expect(await sniffKind(grayPng(4, 4), 'a.pdf', true)).toEqual({ kind: 'image', content: 'png' });
    expect(await sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'scan', true)).toEqual({ kind: 'image', content: 'jpeg' });
    expect(await sniffKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]), 'old.doc', false)).toEqual({
      kind: 'ole',
      content: undefined,
    });
  });

  it('tells a Word document from its first bytes, and leaves any other ZIP to be opened once stored', async () => {
    const docx = await makeDocx([{ heading: 'Returns' }, { paragraph: 'Thirty days.' }]);
    expect(await sniffKind(docx.subarray(0, 4100), 'returns.docx', false)).toEqual({ kind: 'zip', content: 'docx' });
    expect(await sniffKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]), 'a.pdf', false)).toEqual({ kind: 'zip', content: undefined });
  });

  it('reads text as text even when it starts with letters a binary format uses as its mark', async () => {
    // "MZ" starts a Windows program, "BM" a bitmap: here they start a price list.
    expect(await sniffKind(bytes('MZ Bakery price list\nBread 3 EUR\n'), 'prices.txt', true)).toEqual({ kind: 'text', content: 'text' });
    expect(await sniffKind(bytes('BM Hours: 8 to 18\n'), 'hours.md', true)).toEqual({ kind: 'markdown', content: 'text' });
  });

  it('takes JSON and Markdown only by their names, and plain text otherwise', async () => {
    expect(await sniffKind(bytes('[{"name": "A"}]'), 'items.json', true)).toEqual({ kind: 'json', content: 'text' });
    expect(await sniffKind(bytes('[{"name": "A"}]'), 'items.txt', true)).toEqual({ kind: 'text', content: 'text' });
    expect(await sniffKind(bytes('# Title\n\nText'), 'notes.md', true)).toEqual({ kind: 'markdown', content: 'text' });
    expect(await sniffKind(bytes('# Title\n\nText'), 'notes.txt', true)).toEqual({ kind: 'text', content: 'text' });
  });

  it('accepts a UTF-8 character cut at the end of the sniffed bytes', async () => {
    const cut = Buffer.from('Política de envíos', 'utf8').subarray(0, 4);
    expect(await sniffKind(cut, 'a.txt', false)).toEqual({ kind: 'text', content: 'text' });
  });
});
