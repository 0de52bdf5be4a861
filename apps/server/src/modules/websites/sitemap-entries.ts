import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';

/** What one sitemap lists: pages, and (for a sitemap index) further sitemaps. */
export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
  /** The sitemap listed more pages than the budget: those past it were not kept. */
  truncated: boolean;
}

const GZIP = Buffer.from([0x1f, 0x8b]);
/** A compressed sitemap may not unpack past the fetcher's own page limit. */
const MAX_UNPACKED = 2 * 1024 * 1024;
/** Sitemaps an index may name that are kept: a crawl reads at most twenty in all. */
const MAX_LISTED_SITEMAPS = 100;

/**
 * The addresses in a sitemap (`<urlset><url><loc>`) or sitemap index (`<sitemapindex><sitemap>
 * <loc>`), read with htmlparser2 in XML mode, in one pass; a `.xml.gz` file is unpacked first,
 * within the size limit. Anything that is not an http(s) address is left out, and pages past the
 * budget are not kept.
 */
export function sitemapEntries(body: Buffer, budget = Number.POSITIVE_INFINITY): SitemapEntries {
  const xml = body.subarray(0, 2).equals(GZIP) ? gunzipSync(body, { maxOutputLength: MAX_UNPACKED }).toString('utf8') : body.toString('utf8');
  const entries: SitemapEntries = { pages: [], sitemaps: [], truncated: false };
  const open: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(name) {
        open.push(name.replace(/^.*:/, '').toLowerCase());
        text = '';
      },
      ontext(chunk) {
        // Only an address is kept: text of any other element, or past an address's longest, is not.
        if (open.at(-1) === 'loc' && text.length < 4_096) text += chunk;
      },
      onclosetag() {
        const name = open.pop();
        if (name !== 'loc') return;
        const address = text.trim();
        if (!/^https?:\/\//i.test(address)) return;
        if (open.at(-1) === 'sitemap') {
          if (entries.sitemaps.length < MAX_LISTED_SITEMAPS) entries.sitemaps.push(address);
        } else if (open.at(-1) !== 'url') return;
        else if (entries.pages.length < budget) entries.pages.push(address);
        else entries.truncated = true;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return entries;
}
