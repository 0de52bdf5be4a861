import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_SOURCE, serverSourceFiles } from './support/server-source-files';

const serverSource = SERVER_SOURCE;
const COMPOSITION_ROOT = 'plugins/services-plugin.ts';

/**
 * docs/architecture.md §2: every service is built once, in the services plugin. A `new …Service(`
 * elsewhere is a second instance with its own options, which is how five retrieval services came to be.
 */
describe('the composition root', () => {
  it('is the only server file that builds services', () => {
    const files = serverSourceFiles();
    const builders = files.filter((file) => /\bnew [A-Z]\w*Service\(/.test(readFileSync(file, 'utf8'))).map((file) => relative(serverSource, file));
    expect(builders).toEqual([COMPOSITION_ROOT]);
  });

  it('registers every module that has routes or jobs through its one *-module.ts plugin', () => {
    const app = readFileSync(join(serverSource, 'app.ts'), 'utf8');
    const modules = readdirSync(join(serverSource, 'modules'));
    // A module of services alone (the answer pipeline, the channel layer) has nothing to register: other modules call it.
    const registers = (name: string) => readdirSync(join(serverSource, 'modules', name)).some((file) => /-(?:routes|job|module)\.ts$/.test(file));
    const unregistered = modules.filter((name) => registers(name) && !app.includes(`./modules/${name}/${name}-module.js`));
    expect(modules.filter((name) => !registers(name))).toEqual(['answers', 'channels']);
    expect(modules.length).toBeGreaterThan(10);
    expect(unregistered).toEqual([]);
    expect(app).not.toMatch(/-routes\.js'/);
  });
});
