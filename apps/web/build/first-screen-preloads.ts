import { relative } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { TRANSLATION_FILES, TRANSLATION_NAMESPACE } from '../src/lib/translation-files';

/** Where the server reads the list; a dot folder the static file server never hands out. */
export const FIRST_SCREENS_FILE = '.vite/first-screens.json';

interface Screen {
  paths: readonly string[];
  modules: readonly string[];
}

/**
 * Writes, for each first screen, the script files it needs beyond what index.html already loads,
 * and where each language's texts live: the server puts them in the page as preload links.
 */
export function firstScreenPreloads(screens: readonly Screen[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'sparks-first-screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [relative(root, chunk.facadeModuleId as string), chunk]));
      const withStaticImports = (chunk: Rollup.OutputChunk, into = new Set<string>()): Set<string> => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) withStaticImports(imported, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('the build has no entry chunk');
      const loadedByPage = withStaticImports(entry);
      const described = screens.map((screen) => {
        const files = new Set<string>();
        for (const module of screen.modules) {
          const chunk = byModule.get(module);
          if (!chunk?.isDynamicEntry) this.error(`${module} (first screen ${screen.paths[0]}) is not a lazily loaded chunk of the build`);
          withStaticImports(chunk, files);
        }
        return { paths: screen.paths, scripts: [...files].filter((file) => !loadedByPage.has(file)).map((file) => `${base}${file}`) };
      });
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREENS_FILE,
        source: `${JSON.stringify({ translations: TRANSLATION_FILES.replace('{{ns}}', TRANSLATION_NAMESPACE), screens: described }, null, 2)}\n`,
      });
    },
  };
}
