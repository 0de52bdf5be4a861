import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The smallest built web app for the security tests: an index page and one hashed asset. The
 * test config points WEB_DIST_DIR at a missing folder, which would leave the page fallback and
 * the static file routes out of what is checked.
 */
export function webDistFixture(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'sparks-security-web-'));
  mkdirSync(join(path, 'assets'));
  writeFileSync(
    join(path, 'index.html'),
    '<!doctype html><title>Sparks</title><div id="root"></div><script type="module" src="/assets/index-sec123.js"></script>',
  );
  writeFileSync(join(path, 'assets', 'index-sec123.js'), 'document.title = "Sparks";');
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
