import { relative } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { TRANSLATION_FILES, TRANSLATION_NAMESPACE } from '../src/lib/translation-files.ts';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file while it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Where the server reads the list; a dot folder the static file server never hands out. */
export const FIRST_SCREENS_FILE = '.vite/first-screens.json';

interface Screen {
  paths: readonly string[];
  modules: readonly string[];
}

/**
 * Nearly every function of a first screen's files runs before its first paint. Left to its
 * heuristics V8 compiles each one lazily, on the main thread, the first time it is called (about
 * a third of the main thread's work before the login screen paints); with the hint at the top of
 * the file it compiles them on a background thread while the file downloads. V8 reads the hint
 * only as the file's first line, and other browsers ignore the comment.
 */
function addCompileHint(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle): void {
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  // One line more at the top: the source map's lines move down with the code. By now the build has
  // already rendered the map into its own file.
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  const mapFile = bundle[`${chunk.fileName}.map`];
  if (mapFile?.type === 'asset') {
    const map = JSON.parse(String(mapFile.source)) as { mappings: string };
    mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
  }
}

/**
 * Writes, for each first screen, the script files it needs beyond what index.html already loads,
 * and where each language's texts live: the server puts them in the page as preload links. Those
 * files, and the entry's, get V8's compile hint.
 */
export function firstScreenPreloads(screens: readonly Screen[], signedInScreens: readonly Screen[] = []): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'sparks-first-screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      // After Vite has put its preload map at the top of the chunks: the compile hint must open the file.
      order: 'post',
      handler(_options, bundle: Rollup.OutputBundle) {
        const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [relative(root, id), chunk] as const)));
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
        const firstScreenFiles = new Set(loadedByPage);
        const described = screens.map((screen) => {
          const files = new Set<string>();
          for (const module of screen.modules) {
            const chunk = byModule.get(module);
            if (!chunk || loadedByPage.has(chunk.fileName))
              this.error(`${module} (first screen ${screen.paths[0]}) is not a lazily loaded module of the build`);
            withStaticImports(chunk, files);
          }
          for (const file of files) firstScreenFiles.add(file);
          return { paths: screen.paths, scripts: [...files].filter((file) => !loadedByPage.has(file)).map((file) => `${base}${file}`) };
        });
        // Signed-in screens are announced, not compiled eagerly: their large chat code runs only in part before the first paint.
        const describedSignedIn = signedInScreens.map((screen) => {
          const files = new Set<string>();
          for (const module of screen.modules) {
            const chunk = byModule.get(module);
            if (!chunk || loadedByPage.has(chunk.fileName))
              this.error(`${module} (signed-in screen ${screen.paths[0]}) is not a lazily loaded module of the build`);
            withStaticImports(chunk, files);
          }
          return { paths: screen.paths, scripts: [...files].filter((file) => !loadedByPage.has(file)).map((file) => `${base}${file}`), signedIn: true };
        });
        for (const file of firstScreenFiles) addCompileHint(byFile.get(file) as Rollup.OutputChunk, bundle);
        this.emitFile({
          type: 'asset',
          fileName: FIRST_SCREENS_FILE,
          source: `${JSON.stringify({ translations: TRANSLATION_FILES.replace('{{ns}}', TRANSLATION_NAMESPACE), screens: [...described, ...describedSignedIn] }, null, 2)}\n`,
        });
      },
    },
  };
}
