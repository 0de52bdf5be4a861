import { describe, expect, it } from 'vitest';
import { sniffKind } from './file-kind.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('sniffKind', () => {
  it('knows a PDF by its signature, whatever the name', () => {
    expect(sniffKind(bytes('%PDF-1.7\n...'), 'report.txt', false)).toBe('pdf');
    expect(sniffKind(bytes('\uFEFF %PDF-1.4'), 'x', false)).toBe('pdf');
  });

  it('refuses markup and binaries dressed as documents', () => {
    expect(sniffKind(bytes('<!doctype html><p>hi'), 'a.pdf', true)).toBeNull();
    expect(sniffKind(bytes('  <svg onload=alert(1)>'), 'a.md', true)).toBeNull();
    expect(sniffKind(bytes('<?xml version="1.0"?><x/>'), 'a.txt', true)).toBeNull();
    expect(sniffKind(bytes('GIF89a\u0001\u0000\u0001\u0000'), 'a.png', true)).toBeNull();
    expect(sniffKind(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17]), 'a.txt', true)).toBeNull();
  });

  it('takes photos by their signature whatever their name, an OLE file to be checked as Word, and JSON by its name', () => {
    expect(sniffKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'a.pdf', true)).toBe('image');
    expect(sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'scan', true)).toBe('image');
    expect(sniffKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'old.doc', false)).toBe('ole');
    expect(sniffKind(bytes('[{"name": "A"}]'), 'items.json', true)).toBe('json');
    expect(sniffKind(bytes('[{"name": "A"}]'), 'items.txt', true)).toBe('text');
  });

  it('takes a ZIP to be checked as DOCX, and text as Markdown only by its name', () => {
    expect(sniffKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]), 'a.pdf', false)).toBe('zip');
    expect(sniffKind(bytes('# Title\n\nText'), 'notes.md', true)).toBe('markdown');
    expect(sniffKind(bytes('# Title\n\nText'), 'notes.txt', true)).toBe('text');
  });

  it('accepts a UTF-8 character cut at the end of the sniffed bytes', () => {
    const cut = Buffer.from('Política de envíos', 'utf8').subarray(0, 4);
    expect(sniffKind(cut, 'a.txt', false)).toBe('text');
  });
});
