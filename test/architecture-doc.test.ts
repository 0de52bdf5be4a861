import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const architecture = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');

const foldersIn = (path: string): string[] => readdirSync(join(root, path)).filter((name) => statSync(join(root, path, name)).isDirectory());

/** docs/architecture.md is where a newcomer learns the layout: a folder it does not name is a folder nobody can find. */
describe('docs/architecture.md', () => {
  it('names every server module and every web feature', () => {
    const modules = foldersIn('apps/server/src/modules');
    const features = foldersIn('apps/web/src/features');
    expect(modules.length).toBeGreaterThan(10);
    expect(features.length).toBeGreaterThan(10);
    const missing = [...modules.map((name) => `modules/${name}`), ...features.map((name) => `features/${name}`)].filter(
      (folder) => !architecture.includes(`\`${folder}\``),
    );
    expect(missing).toEqual([]);
  });

  it('names only files that exist', () => {
    const cited = [...architecture.matchAll(/`((?:apps|packages|docs|test|e2e|bench|integrations|scripts)\/[\w./-]+\.(?:ts|tsx|md|json|js|mjs))`/g)].map(
      (match) => match[1]!,
    );
    expect(cited.length).toBeGreaterThan(10);
    const gone = cited.filter((path) => {
      try {
        return !statSync(join(root, path)).isFile();
      } catch {
        return true;
      }
    });
    expect(gone).toEqual([]);
  });
});
