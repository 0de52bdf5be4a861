import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;
type ModuleInfo = Rolldown.ModuleInfo;

interface Screen {
  modules: readonly string[];
}

/** Names of the chunks the first screens load beside the entry. */
export const FIRST_SCREEN_CHUNKS = { own: 'first-screen', shared: 'first-screen-shared', signedIn: 'signed-in-screens' } as const;

/**
 * How the build cuts its JavaScript into files. Left to itself it makes a file of every set of
 * modules shared by a different set of screens: the login screen needed 15 scripts, and on a slow
 * phone line every request waits its turn for one of the browser's six connections. Instead:
 *
 * - `app`: everything the entry imports (React, the router, i18next, the query client) in the
 *   entry file itself, since every page runs all of it;
 * - `first-screen`: the modules only the first screens (FIRST_SCREENS) use, so a signed-in user
 *   still never downloads the account forms;
 * - `first-screen-shared`: the modules the first screens share with other screens (buttons, text
 *   fields, the API client), one file both load.
 *
 * The login screen then needs three scripts; the other screens keep the automatic split.
 */
export function firstScreenChunks(screens: readonly Screen[], root: string, signedInScreens: readonly Screen[] = []): CodeSplittingGroup[] {
  const firstScreenModules = new Set(screens.flatMap((screen) => screen.modules.map((module) => resolve(root, module))));
  const signedInModules = new Set(signedInScreens.flatMap((screen) => screen.modules.map((module) => resolve(root, module))));

  /** Walks up the import graph from a module along the importers `step` names; true when `found` holds for a module on the way. */
  const searchUp = (
    id: string,
    info: (id: string) => ModuleInfo | null,
    step: (module: ModuleInfo) => readonly string[],
    found: (module: ModuleInfo) => boolean,
  ): boolean => {
    const seen = new Set<string>([id]);
    const pending = [id];
    while (pending.length > 0) {
      const current = info(pending.pop() as string);
      if (!current) continue;
      if (found(current)) return true;
      for (const next of step(current)) {
        if (seen.has(next)) continue;
        seen.add(next);
        pending.push(next);
      }
    }
    return false;
  };
  const isFirstScreen = (module: ModuleInfo): boolean => firstScreenModules.has(module.id);

  return [
    { name: 'app', tags: ['$initial'], priority: 2 },
    {
      name: (id, context) => {
        const info = (module: string) => context.getModuleInfo(module);
        // Drawn by a first screen: a first-screen module imports it, directly or through static imports.
        const drawn = searchUp(id, info, (module) => module.importers, isFirstScreen);
        if (!drawn) return null;
        // Also loaded elsewhere: some chain of imports reaches it from the entry without a first screen.
        const elsewhere = searchUp(
          id,
          info,
          (module) => (isFirstScreen(module) ? [] : [...module.importers, ...module.dynamicImporters]),
          (module) => module.isEntry,
        );
        return elsewhere ? FIRST_SCREEN_CHUNKS.shared : FIRST_SCREEN_CHUNKS.own;
      },
      priority: 1,
      // The names above are decided on whole import chains: a shared module never imports one only
      // the first screens use, or that module would be reachable elsewhere and shared too.
      includeDependenciesRecursively: false,
    },
    {
      // What the signed-in first screens (SIGNED_IN_SCREENS) draw with, one file instead of twenty:
      // on a slow line each request waits its turn for a connection, and these all come at once.
      name: (id, context) => {
        const info = (module: string) => context.getModuleInfo(module);
        const drawn = searchUp(
          id,
          info,
          (module) => module.importers,
          (module) => signedInModules.has(module.id),
        );
        return drawn ? FIRST_SCREEN_CHUNKS.signedIn : null;
      },
      priority: 0,
      includeDependenciesRecursively: false,
    },
  ];
}
