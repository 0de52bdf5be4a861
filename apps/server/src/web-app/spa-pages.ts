import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Language } from '@sparks/contract/constants';
import { z } from 'zod';

/** Written by the web app's build (apps/web/build/first-screen-preloads.ts). */
const FIRST_SCREENS_FILE = join('.vite', 'first-screens.json');

const firstScreensSchema = z.object({
  translations: z.string().startsWith('/').includes('{{lng}}'),
  screens: z.array(
    z.object({ paths: z.array(z.string().startsWith('/')), scripts: z.array(z.string().startsWith('/')), signedIn: z.boolean().default(false) }),
  ),
});
type FirstScreens = z.infer<typeof firstScreensSchema>;

export interface SpaPage {
  html: Buffer;
  brotli: Buffer;
  gzip: Buffer;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Route patterns as the web app writes them: literal segments and :params, matched without case like its router. */
function matches(pattern: string, path: string): boolean {
  const split = (value: string) => value.split('/').filter(Boolean);
  const expected = split(pattern);
  const actual = split(path);
  return (
    expected.length === actual.length && expected.every((segment, index) => segment.startsWith(':') || segment.toLowerCase() === actual[index]?.toLowerCase())
  );
}

/**
 * The SPA's index.html as each page is sent: in the visitor's language (<html lang>) and announcing
 * what the first screen needs before it can draw (its script chunks and that language's texts),
 * so the browser fetches them beside the main bundle. A handful of variants exist (first screens ×
 * languages); each is built and compressed once, on first use.
 */
export class SpaPages {
  private readonly cache = new Map<string, SpaPage>();

  private constructor(
    private readonly template: string,
    private readonly firstScreens: FirstScreens,
  ) {}

  /** Reads the build in `root`; a build without the first-screen list still serves plain pages. */
  static load(root: string): SpaPages {
    const template = readFileSync(join(root, 'index.html'), 'utf8');
    const listFile = join(root, FIRST_SCREENS_FILE);
    const firstScreens = existsSync(listFile) ? firstScreensSchema.parse(JSON.parse(readFileSync(listFile, 'utf8'))) : { translations: '', screens: [] };
    return new SpaPages(template, firstScreens);
  }

  /** `signedIn`: the browser says it holds a session, so the signed-in screens' code is announced too. */
  page(path: string, language: Language, signedIn = false): SpaPage {
    const screen = this.firstScreens.screens.findIndex(
      (candidate) => (signedIn || !candidate.signedIn) && candidate.paths.some((pattern) => matches(pattern, path)),
    );
    const key = `${screen}:${language}`;
    let page = this.cache.get(key);
    if (!page) {
      const html = Buffer.from(this.render(this.firstScreens.screens[screen]?.scripts ?? [], language));
      page = {
        html,
        brotli: brotliCompressSync(html, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
        }),
        gzip: gzipSync(html, { level: 9 }),
      };
      this.cache.set(key, page);
    }
    return page;
  }

  private render(scripts: readonly string[], language: Language): string {
    const links = [
      ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
      // crossorigin makes the preload's credentials mode that of the app's fetch(), so the fetch reuses it.
      ...(this.firstScreens.translations
        ? [`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(this.firstScreens.translations.replace('{{lng}}', language))}">`]
        : []),
    ];
    const withLanguage = this.template.replace(/<html\b[^>]*>/i, (tag) =>
      /\slang="[^"]*"/i.test(tag) ? tag.replace(/\slang="[^"]*"/i, ` lang="${language}"`) : tag.replace(/>$/, ` lang="${language}">`),
    );
    return links.length > 0 ? withLanguage.replace(/<\/head>/i, `  ${links.join('\n    ')}\n  </head>`) : withLanguage;
  }
}
