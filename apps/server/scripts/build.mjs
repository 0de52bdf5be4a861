// Bundles the server into dist/main.js (the document reader's worker into dist/extract-worker.js, the website
// reader's into dist/page-worker.js, and
// `npm run backup` / `npm run restore` into dist/backup-cli.js). Workspace packages (@sparks/*) are TypeScript sources
// and get bundled in; every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@sparks/'));

await build({
  // The document reader and the website reader run in worker threads from their own files beside main.js.
  entryPoints: {
    main: 'src/main.ts',
    'extract-worker': 'src/modules/documents/ingestion/extract-worker.ts',
    'page-worker': 'src/modules/websites/page-worker.ts',
    'backup-cli': 'src/backup/backup-main.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
