// `npm run backup` and `npm run restore` run the bundled command (dist/backup-cli.js), the same
// build `npm run serve` runs. A fresh clone has no build yet: the server is built first (the
// same esbuild step as `npm run build`; the web app is not needed for these commands).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const entry = new URL('../dist/backup-cli.js', import.meta.url);

if (!existsSync(fileURLToPath(entry))) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  if (built.status !== 0) {
    process.stderr.write('could not build the server for the backup command (run npm install first)\n');
    process.exit(1);
  }
}
await import(entry.href);
