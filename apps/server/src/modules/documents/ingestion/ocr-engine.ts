import { mkdirSync, symlinkSync, copyFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/** The trained data read: English and Spanish, the product's languages, both loaded so a page in either is read. */
const LANGUAGES = ['eng', 'spa'] as const;
/** The faster integer models of tesseract's "best" data: within a point of the float models on print, a third of the size. */
const MODEL = '4.0.0_best_int';

/** What OCR made of one image: its text in reading order (paragraphs apart) and tesseract's mean confidence, 0–100. */
export interface OcrText {
  text: string;
  confidence: number;
}

const require = createRequire(import.meta.url);

/**
 * One folder holding every language's data, as tesseract.js wants it: links to the files the
 * `@tesseract.js-data/*` packages installed, so nothing is ever fetched. Made once per machine.
 */
function languageFolder(): string {
  const folder = join(tmpdir(), `sparks-ocr-${MODEL}`);
  mkdirSync(folder, { recursive: true });
  for (const language of LANGUAGES) {
    const target = join(folder, `${language}.traineddata.gz`);
    if (existsSync(target)) continue;
    const source = join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODEL, `${language}.traineddata.gz`);
    try {
      symlinkSync(source, target);
    } catch {
      // A file system without links (or another worker won the race): a copy, or the file already there, will do.
      if (!existsSync(target)) copyFileSync(source, target);
    }
  }
  return folder;
}

let engine: Promise<Worker> | undefined;

/** tesseract.js, started on the first image this reading worker meets and kept for the next ones. */
function ocrEngine(): Promise<Worker> {
  engine ??= createWorker([...LANGUAGES], OEM.LSTM_ONLY, {
    langPath: languageFolder(),
    cacheMethod: 'none',
    gzip: true,
    // The failed call's promise already carries the error; without a handler tesseract.js also throws it
    // out of its message listener, which kills the reading worker (an undecodable photo ended as "internal").
    errorHandler: () => undefined,
  }).catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** Reads the text of one image (PNG or JPEG bytes). */
export async function recognizeImage(image: Uint8Array): Promise<OcrText> {
  const worker = await ocrEngine();
  const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  return { text: data.text, confidence: Math.round(data.confidence) };
}
