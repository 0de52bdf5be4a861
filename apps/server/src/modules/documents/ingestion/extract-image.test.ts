import { describe, expect, it } from 'vitest';
import { ocrBlocks, readsAsText } from './extract-image.js';

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
