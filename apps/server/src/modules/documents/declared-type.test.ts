import { describe, expect, it } from 'vitest';
import { declaredType, fileTypeMismatch, fits } from './declared-type.js';

describe('what an upload says it is', () => {
  it('is read from the extension first, whatever the content type says', () => {
    expect(declaredType('price-list.pdf', 'text/plain')).toBe('pdf');
    expect(declaredType('Notes.TXT', 'application/pdf')).toBe('text');
    expect(declaredType('scan.jpeg', undefined)).toBe('jpeg');
    // Windows labels a .csv as an Excel file: the name is what the owner chose.
    expect(declaredType('stock.csv', 'application/vnd.ms-excel')).toBe('csv');
  });

  it('falls back to a specific content type when the name has no known extension, and claims nothing otherwise', () => {
    expect(declaredType('scan', 'image/png')).toBe('png');
    expect(declaredType('download', 'application/pdf; charset=binary')).toBe('pdf');
    expect(declaredType('invoice\u202Efdp.exe', 'application/octet-stream')).toBeUndefined();
    expect(declaredType('..', undefined)).toBeUndefined();
  });

  it('lets every text-like name hold text and either photo format stand for the other', () => {
    for (const declared of ['text', 'markdown', 'json', 'csv', 'html'] as const) expect(fits(declared, 'text')).toBe(true);
    expect(fits('jpeg', 'png')).toBe(true);
    expect(fits('pdf', 'text')).toBe(false);
    expect(fits('text', 'pdf')).toBe(false);
    expect(fits('docx', 'doc')).toBe(false);
  });

  it('is refused with a 415 that says what the file is and what to do, naming the file without markup', () => {
    const refusal = fileTypeMismatch('price-list.pdf', 'pdf', 'text');
    expect(refusal).toMatchObject({ statusCode: 415, code: 'FILE_TYPE_MISMATCH', details: { mismatch: { declared: 'pdf', found: 'text' } } });
    expect(refusal.message).toBe('price-list.pdf is not a PDF: it holds plain text. Save it as .txt or export it as PDF.');
    expect(fileTypeMismatch('C:\\scans\\menu.pdf', 'pdf', 'jpeg').message).toBe('menu.pdf is not a PDF: it is a JPEG image. Rename it to .jpg.');
    expect(fileTypeMismatch('<img src=x onerror=alert(1)>.pdf', 'pdf', 'text').message).toBe(
      'This file is not a PDF: it holds plain text. Save it as .txt or export it as PDF.',
    );
  });
});
