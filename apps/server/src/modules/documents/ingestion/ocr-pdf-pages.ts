import { renderPageAsImage, type getDocumentProxy } from 'unpdf';
import type { Block, ReadLimits } from './extracted-document.js';
import { ocrBlocks, readsAsText } from './extract-image.js';
import { recognizeImage } from './ocr-engine.js';
import { pageHasInk } from './page-ink.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Width a page is drawn at for OCR: about 250 dpi on a letter or A4 page, where tesseract reads print best. */
const OCR_WIDTH_PX = 2100;
/** Time kept back from the reading budget, so the document ends with what was read rather than as too complex. */
const MARGIN_MS = 8_000;

export interface OcrPages {
  blocks: Block[];
  read: Array<{ page: number; confidence: number }>;
  /** Pages OCR found no text on (blank pages, pictures). */
  unread: number[];
  /** Pages never read because a budget ran out first, and which one: the plan's pages or the reading time. */
  skipped: { pages: number[]; budget: 'pages' | 'time' } | null;
}

/**
 * The pages of a PDF that carry no text layer (scans, photos of pages), drawn with pdf.js on a
 * canvas and read by OCR, in page order, while the reading budget and the plan's OCR pages last.
 * A page without ink is found on a thumbnail and skipped: it costs no OCR and no budget.
 */
export async function ocrPdfPages(pdf: PdfDocument, pages: readonly number[], limits: ReadLimits): Promise<OcrPages> {
  const result: OcrPages = { blocks: [], read: [], unread: [], skipped: null };
  let recognised = 0;
  for (const [index, number] of pages.entries()) {
    limits.signal?.throwIfAborted();
    if (Date.now() > limits.deadline - MARGIN_MS) {
      result.skipped = { pages: pages.slice(index), budget: 'time' };
      break;
    }
    try {
      if (!(await pageHasInk(pdf, number))) {
        result.unread.push(number);
        continue;
      }
      if (limits.ocrPages !== undefined && recognised >= limits.ocrPages) {
        result.skipped = { pages: pages.slice(index), budget: 'pages' };
        break;
      }
      recognised += 1;
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
