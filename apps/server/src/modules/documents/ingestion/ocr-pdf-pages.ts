import { renderPageAsImage, type getDocumentProxy } from 'unpdf';
import type { Block, ReadLimits } from './extracted-document.js';
import { ocrBlocks, readsAsText } from './extract-image.js';
import { recognizeImage } from './ocr-engine.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Width a page is drawn at for OCR: about 250 dpi on a letter or A4 page, where tesseract reads print best. */
const OCR_WIDTH_PX = 2100;
/** Time kept back from the reading budget, so the document ends with what was read rather than as too complex. */
const MARGIN_MS = 8_000;

export interface OcrPages {
  blocks: Block[];
  read: Array<{ page: number; confidence: number }>;
  /** Pages OCR found no text on (blank pages, pictures) or had no time left for. */
  unread: number[];
}

/**
 * The pages of a PDF that carry no text layer (scans, photos of pages), drawn with pdf.js on a
 * canvas and read by OCR, in page order, while the reading budget lasts.
 */
export async function ocrPdfPages(pdf: PdfDocument, pages: readonly number[], limits: ReadLimits): Promise<OcrPages> {
  const result: OcrPages = { blocks: [], read: [], unread: [] };
  for (const [index, number] of pages.entries()) {
    limits.signal?.throwIfAborted();
    if (Date.now() > limits.deadline - MARGIN_MS) {
      result.unread.push(...pages.slice(index));
      break;
    }
    try {
      const page = await pdf.getPage(number);
      const { width } = page.getViewport({ scale: 1 });
      page.cleanup();
      const png = await renderPageAsImage(pdf, number, { canvasImport: () => import('@napi-rs/canvas'), scale: Math.min(4, OCR_WIDTH_PX / width) });
      const ocr = await recognizeImage(new Uint8Array(png));
      const blocks = ocrBlocks(ocr, number);
      if (!readsAsText(blocks)) result.unread.push(number);
      else {
        result.blocks.push(...blocks);
        result.read.push({ page: number, confidence: ocr.confidence });
      }
    } catch (error) {
      if (limits.signal?.aborted) throw error;
      // A page that cannot be drawn is reported like one without text; the others still count.
      result.unread.push(number);
    }
  }
  return result;
}
