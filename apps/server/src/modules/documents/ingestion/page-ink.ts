import { renderPageAsImage, type getDocumentProxy } from 'unpdf';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Width of the thumbnail a page is judged on: a line of print still darkens a few of its pixels. */
const THUMBNAIL_WIDTH_PX = 200;
/** A pixel this dark (0 black – 255 white) is ink; scanner grey and paper tint stay above it. */
const DARK = 200;
/** Share of dark pixels below which a page is blank: a speck or two of dust is not a page of text. */
const MIN_INK_SHARE = 0.0005;

/**
 * Whether a page carries any ink, judged on a small thumbnail before the page is drawn at full
 * size for OCR: a blank page (a scan of an empty sheet, a separator) costs a few milliseconds
 * instead of a second or more of OCR, and does not count against the plan's OCR pages.
 */
export async function pageHasInk(pdf: PdfDocument, number: number): Promise<boolean> {
  const page = await pdf.getPage(number);
  const { width } = page.getViewport({ scale: 1 });
  page.cleanup();
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const png = await renderPageAsImage(pdf, number, { canvasImport: () => import('@napi-rs/canvas'), scale: Math.min(1, THUMBNAIL_WIDTH_PX / width) });
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  // pdf.js leaves the page transparent where nothing is painted: white paper underneath.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let index = 0; index < data.length; index += 4) {
    const luminance = 0.299 * data[index]! + 0.587 * data[index + 1]! + 0.114 * data[index + 2]!;
    if (luminance < DARK) dark += 1;
  }
  return dark / (image.width * image.height) >= MIN_INK_SHARE;
}
