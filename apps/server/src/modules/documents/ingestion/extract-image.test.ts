import { describe, expect, it } from 'vitest';
import { grayPng } from '#test/document-fixtures.js';
import { extractImage, ocrBlocks, readsAsText } from './extract-image.js';

describe('what OCR text becomes', () => {
  it('takes a paragraph’s title-like first line as its heading, and joins lines cut by a hyphen', () => {
    const blocks = ocrBlocks(
      { text: 'Repairs\nLens repairs take seven work-\ning days at the Madrid workshop.\n\nA second paragraph here.\n', confidence: 91 },
      2,
    );
    expect(blocks).toEqual([
      { kind: 'heading', text: 'Repairs', page: 2 },
      { kind: 'paragraph', text: 'Lens repairs take seven working days at the Madrid workshop.', page: 2 },
      { kind: 'paragraph', text: 'A second paragraph here.', page: 2 },
    ]);
    expect(readsAsText(blocks)).toBe(true);
  });

  it('does not count a cover’s logo, a page number or speckle as a page read', () => {
    for (const text of ['debian\n', '12\n', '| ~ . ,\n', 'ACME Corp\n']) expect(readsAsText(ocrBlocks({ text, confidence: 80 }, 1)), text).toBe(false);
  });
});

describe('an image whose pixels do not decode', () => {
  it('ends as a damaged file the owner can act on, not as a fault to retry', { timeout: 60_000 }, async () => {
    // A real PNG header (the size reads fine) over pixel data cut short and scrambled.
    const png = grayPng(400, 300);
    const broken = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 0x5a)]);
    await expect(extractImage(new Uint8Array(broken), { deadline: Date.now() + 60_000 })).rejects.toMatchObject({ name: 'ExtractionError', code: 'corrupt' });
  });
});
