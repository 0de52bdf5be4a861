import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder, found by walking up from this module. The same code runs from
 * `src/` (tsx, tests) and from the bundled `dist/main.js`, so fixed relative paths would differ.
 */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@sparks/server') {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @sparks/server package folder');
    dir = parent;
  }
}
