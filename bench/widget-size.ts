/**
 * Widget weight (issue: deploy): what a website downloads for the Sparks widget, built fresh and
 * compressed as servers send it (gzip -9 and brotli), against the budgets (loader ≤ 3 kB, chat frame
 * ≤ 30 kB gzipped) and beside the peers' self-contained widgets, which measure 180–550 kB gzipped.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { round } from './stats.js';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'packages', 'widget', 'dist');
const RESULTS = join(import.meta.dirname, 'results');
const PEERS_GZIP_KB = { smallest: 180, largest: 550 };

execFileSync('npm', ['run', 'build', '-w', 'packages/widget'], { cwd: ROOT, stdio: 'ignore' });

const measure = (file: string) => {
  const bytes = readFileSync(join(DIST, file));
  return {
    file,
    rawKb: round(bytes.length / 1024),
    gzipKb: round(gzipSync(bytes, { level: 9 }).length / 1024),
    brotliKb: round(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024),
  };
};

const loader = measure('widget.js');
const frameParts = [measure('frame.js'), measure('frame.css')];
const frame = {
  file: 'frame.js + frame.css',
  rawKb: round(frameParts.reduce((sum, part) => sum + part.rawKb, 0)),
  gzipKb: round(frameParts.reduce((sum, part) => sum + part.gzipKb, 0)),
  brotliKb: round(frameParts.reduce((sum, part) => sum + part.brotliKb, 0)),
};
const rows = [
  { part: 'loader (every page)', ...loader, budgetGzipKb: 3 },
  { part: 'chat frame (on first open)', ...frame, budgetGzipKb: 30 },
];

console.log('\nWidget weight (kB)');
console.table(
  rows.map((row) => ({
    part: row.part,
    raw: row.rawKb,
    gzip: row.gzipKb,
    brotli: row.brotliKb,
    'gzip budget': row.budgetGzipKb,
    'within budget': row.gzipKb <= row.budgetGzipKb,
  })),
);
const total = round(loader.gzipKb + frame.gzipKb);
console.log(
  `Whole widget: ${total} kB gzipped; peers' self-contained widgets: ${PEERS_GZIP_KB.smallest}–${PEERS_GZIP_KB.largest} kB gzipped (${round(PEERS_GZIP_KB.smallest / total)}–${round(PEERS_GZIP_KB.largest / total)}× ours).`,
);

mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  join(RESULTS, 'widget-size.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rows, totalGzipKb: total, peersGzipKb: PEERS_GZIP_KB }, null, 2)}\n`,
);
