import { performance } from 'node:perf_hooks';
import { PDFParse } from 'pdf-parse';
import { ingestDocument } from '../apps/server/src/modules/documents/ingestion/ingest-document.js';
import { ingestInWorker } from '../apps/server/src/modules/documents/ingestion/ingest-in-worker.js';
import { makePdf, type PdfPage } from '../apps/server/test/document-fixtures.js';
import { HEADINGS, generator, paragraph } from './handbook-text.js';
import { median, round } from './stats.js';

function pdfPages(count: number): PdfPage[] {
  const r = generator(120);
  return Array.from({ length: count }, (_, index) => ({
    heading: `${Math.floor(index / 8) + 1}.${(index % 8) + 1} ${r.any(HEADINGS)}`,
    paragraphs: Array.from({ length: 4 + r.int(2) }, () => paragraph(r, 55 + r.int(30))),
  }));
}

/** The baseline's chunker: fixed windows of `size` characters, each starting `size - overlap` after the last. */
function fixedChunks(text: string, size = 1000, overlap = 200): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size - overlap) {
    chunks.push(text.slice(start, start + size));
    if (start + size >= text.length) break;
  }
  return chunks;
}

async function timeRuns<T>(runs: number, run: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  let last = await run(); // warm-up: module loading, JIT, font tables
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    last = await run();
    times.push(performance.now() - started);
  }
  return { times, last };
}

/**
 * Ingestion throughput on one core, no embeddings: a generated PDF through `ingestDocument`, through
 * the worker thread the ingestion job uses, and through a pdf-parse + fixed-size splitter baseline.
 */
export async function ingestionBenchmark(pageCount: number, runs: number, targetPagesPerS: number) {
  const pages = pdfPages(pageCount);
  const bytes = await makePdf(pages, { title: 'Employee handbook (benchmark)' });
  const words = pages.reduce((sum, page) => sum + (page.paragraphs ?? []).join(' ').split(' ').length, 0);

  const ours = await timeRuns(runs, () => ingestDocument('pdf', bytes));
  if (ours.last.pages !== pageCount) throw new Error(`the benchmark PDF has ${ours.last.pages} pages, not ${pageCount}: shorten its paragraphs`);
  if (ours.last.problem) throw new Error(`ingestion reported a problem: ${ours.last.problem.message}`);

  const inWorker = await timeRuns(runs, () => ingestInWorker('pdf', bytes));
  if (inWorker.last.chunks.length !== ours.last.chunks.length) throw new Error('the worker read the benchmark PDF differently');

  // unpdf's bundled pdf.js publishes its worker as globalThis.pdfjsWorker, and pdf-parse's pdf.js (another
  // version) would pick that up and refuse it. Each resolves its worker once, on first use: hide unpdf's
  // while pdf-parse resolves its own, then put it back.
  const shared = globalThis as { pdfjsWorker?: unknown };
  const unpdfWorker = shared.pdfjsWorker;
  delete shared.pdfjsWorker;
  const baseline = await timeRuns(runs, async () => {
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      const result = await parser.getText();
      return { pages: result.total, chunks: fixedChunks(result.text) };
    } finally {
      await parser.destroy();
    }
  });
  shared.pdfjsWorker = unpdfWorker;
  if (baseline.last.pages !== pageCount) throw new Error(`pdf-parse read ${baseline.last.pages} pages, not ${pageCount}`);

  const row = (name: string, times: number[], chunks: number) => {
    const seconds = median(times) / 1000;
    return {
      pipeline: name,
      runs: times.length,
      medianMs: round(median(times)),
      minMs: round(Math.min(...times)),
      maxMs: round(Math.max(...times)),
      pagesPerS: round(pageCount / seconds),
      mbPerS: round(bytes.length / 1e6 / seconds),
      chunks,
    };
  };
  const oursRow = row('ingestDocument (unpdf + structure-aware chunks + language)', ours.times, ours.last.chunks.length);
  const workerRow = row('ingestInWorker: the same in a worker thread, as the job runs it (tsx-loaded here)', inWorker.times, inWorker.last.chunks.length);
  const baselineRow = row('baseline: pdf-parse v2 getText + fixed 1000/200 splitter', baseline.times, baseline.last.chunks.length);
  return {
    document: { pages: pageCount, bytes: bytes.length, words, headings: pages.length },
    rows: [oursRow, workerRow, baselineRow],
    oursVsBaseline: round(oursRow.pagesPerS / baselineRow.pagesPerS),
    target: { pagesPerS: targetPagesPerS, met: oursRow.pagesPerS >= targetPagesPerS && workerRow.pagesPerS >= targetPagesPerS },
  };
}
