import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';

/** What one sitemap lists: pages, and (for a sitemap index) further sitemaps. */
export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
}

const GZIP = Buffer.from([0x1f, 0x8b]);
/** A compressed sitemap may not unpack past the fetcher's own page limit. */
const MAX_UNPACKED = 2 * 1024 * 1024;

/**
 * The addresses in a sitemap (`<urlset><url><loc>`) or sitemap index (`<sitemapindex><sitemap>
 * <loc>`), read with htmlparser2 in XML mode; a `.xml.gz` file is unpacked first, within the size
 * limit. Anything that is not an http(s) address is left out.
 */
export function sitemapEntries(body: Buffer): SitemapEntries {
  const xml = body.subarray(0, 2).equals(GZIP) ? gunzipSync(body, { maxOutputLength: MAX_UNPACKED }).toString('utf8') : body.toString('utf8');
  const entries: SitemapEntries = { pages: [], sitemaps: [] };
  const open: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(name) {
        open.push(name.replace(/^.*:/, '').toLowerCase());
        text = '';
      },
      ontext(chunk) {
        text += chunk;
      },
      onclosetag() {
        const name = open.pop();
        if (name !== 'loc') return;
        const address = text.trim();
        if (!/^https?:\/\//i.test(address)) return;
        if (open.at(-1) === 'sitemap') entries.sitemaps.push(address);
        else if (open.at(-1) === 'url') entries.pages.push(address);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return entries;
}
