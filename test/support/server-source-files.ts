import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The server's source folder, which the repository tests read as text. */
export const SERVER_SOURCE = join(import.meta.dirname, '..', '..', 'apps', 'server', 'src');

/** Every non-test TypeScript file under a folder, as absolute paths. */
export function serverSourceFiles(folder: string = SERVER_SOURCE): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    // test/lint-boundaries.test.ts plants a short-lived import cycle in a cycle-probe-* folder; it is no source.
    if (entry.isDirectory()) return entry.name.startsWith('cycle-probe-') ? [] : serverSourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
