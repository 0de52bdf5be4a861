import { imageSize } from 'image-size';
import { ExtractionError, looksLikeTitle, type Block, type ExtractedDocument, type ReadLimits } from './extracted-document.js';
import { recognizeImage, type OcrText } from './ocr-engine.js';

/** Pixels an image may have: a 24-megapixel photo of a page reads fine; a decompression bomb claims billions. */
export const OCR_MAX_PIXELS = 40_000_000;
const OCR_MAX_SIDE = 16_000;
/** Below this mean confidence a page is listed to the owner as read with low confidence. */
export const OCR_LOW_CONFIDENCE = 70;

/** Refuses, before decoding, an image too large to read within the worker's memory. */
export function assertReadableImage(bytes: Uint8Array): void {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new ExtractionError('corrupt', 'The image could not be read (it may be damaged or incomplete).');
  }
  const { width = 0, height = 0 } = size;
  if (width === 0 || height === 0) throw new ExtractionError('corrupt', 'The image could not be read (it may be damaged or incomplete).');
  if (width > OCR_MAX_SIDE || height > OCR_MAX_SIDE || width * height > OCR_MAX_PIXELS)
    throw new ExtractionError('too_complex', `The image is too large to read (${width}×${height} pixels). Send a smaller photo or scan.`);
}

/**
 * Letters a page's OCR text needs before it counts as read: a cover's logo or a stray page number
 * read as a word is no knowledge (a Debian manual's cover was read as the one word "debian").
 */
const OCR_MIN_LETTERS = 20;

/** Whether OCR found prose on a page, not a logo, a page number or speckle read as letters. */
export const readsAsText = (blocks: readonly Block[]): boolean =>
  blocks.some((block) => block.kind === 'paragraph') && blocks.reduce((sum, block) => sum + (block.text.match(/\p{L}/gu)?.length ?? 0), 0) >= OCR_MIN_LETTERS;

/**
 * OCR text as blocks of one page: paragraphs where tesseract left a blank line, and a paragraph's
 * first line as a heading when it reads as a title (OCR sees no font sizes), so a scanned
 * section starts its own passage.
 */
export function ocrBlocks(ocr: OcrText, page: number): Block[] {
  return ocr.text.split(/\n\s*\n/).flatMap((paragraph): Block[] => {
    const lines = paragraph
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const [first, ...rest] = lines;
    if (!first) return [];
    const title = looksLikeTitle(first) && (rest.length > 0 || lines.length === 1) ? first : null;
    const body = (title ? rest : lines)
      .join('\n')
      .replace(/-\n(?=\p{Ll})/gu, '')
      .replace(/\s*\n\s*/g, ' ')
      .trim();
    return [
      ...(title && /\p{L}{2}/u.test(title) ? [{ kind: 'heading' as const, text: title, page }] : []),
      ...(/\p{L}{2}/u.test(body) ? [{ kind: 'paragraph' as const, text: body, page }] : []),
    ];
  });
}

/** A photo or a scan (PNG or JPEG) read by OCR, as a one-page document. */
export async function extractImage(bytes: Uint8Array, limits: ReadLimits): Promise<ExtractedDocument> {
  assertReadableImage(bytes);
  limits.signal?.throwIfAborted();
  let ocr: OcrText;
  try {
    ocr = await recognizeImage(bytes);
  } catch (error) {
    if (limits.signal?.aborted) throw error;
    // Its header read as an image but its pixels do not decode: a damaged file, not a fault of ours to retry.
    throw new ExtractionError('corrupt', 'The image could not be opened (it may be damaged or in a format OCR cannot read).');
  }
  const blocks = ocrBlocks(ocr, 1);
  if (!readsAsText(blocks)) throw new ExtractionError('no_text', 'No text could be read in the image.');
  return { pages: 1, blocks, problem: null, ocr: [{ page: 1, confidence: ocr.confidence }] };
}
