import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { LIMITS, type WebsitePage, type WebsiteProgress, type WebsiteSync } from '@sparks/contract';
import type { StoredPage } from '../../db/websites-schema.js';
import { AppError } from '../../lib/app-error.js';
import type { ImportedDocument, ImportedDocumentsService } from '../documents/imported-documents-service.js';
import { fileHash, lastSegment, pageHash } from './discover-site.js';
import { PageReadError, type PageReader, type SiteReader } from './page-reader.js';
import { pageKey } from './site-scope.js';
import { WebFetchError, type WebFetcher } from '../../lib/web-fetcher.js';

export interface ImportTarget {
  websiteId: string;
  tenantId: string;
  sparkId: string;
  /** Where the site's crawl starts. */
  start: string;
  pages: readonly StoredPage[];
}

export interface ImportDeps {
  fetcher: WebFetcher;
  reader: PageReader;
  imported: ImportedDocumentsService;
  signal: AbortSignal;
  /** False once the website is removed (or no longer importing): the pages left are not read. */
  wanted(): Promise<boolean>;
  onProgress(progress: WebsiteProgress): void;
}

/**
 * A file name the documents pipeline reads by: a page's title as Markdown, a linked file by the
 * last part of its address. A title's separators ("Opening hours | Crumb & Co.") stay separators,
 * as a dash, rather than run the two parts together.
 */
export function fileNameOf(page: Pick<WebsitePage, 'kind' | 'title' | 'url'>): string {
  if (page.kind === 'page') {
    const name = page.title
      .replace(/\s*[\\/:*?"<>|]+\s*/g, (separator) => (/\s/.test(separator) ? ' – ' : '-'))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120);
    return `${name.replace(/^[–-]\s*|\s*[–-]$/g, '') || 'page'}.md`;
  }
  return (lastSegment(page.url) || 'document').slice(0, 120);
}

/**
 * Reads the chosen pages of a website into the Spark's documents (docs/decisions/0028): a page
 * as Markdown (its title as the heading, its main content below), a linked PDF, Word file or
 * image as itself. Each document is keyed by its page's address and tagged with its content's
 * hash: an unchanged page costs no new document, a changed one becomes the next version of its
 * document (the older answers until the new one is read), and a page no longer chosen leaves.
 * Answers how many pages were read and left.
 */
export async function importPages(target: ImportTarget, deps: ImportDeps): Promise<{ progress: WebsiteProgress; sync: Omit<WebsiteSync, 'at'> }> {
  const existing = new Map((await deps.imported.list(target.tenantId, target.websiteId)).map((document) => [document.externalId, document]));
  const progress: WebsiteProgress = { found: target.pages.length, read: 0, skipped: 0, failed: 0 };
  const sync = { added: 0, changed: 0, unchanged: 0, removed: 0, failed: 0 };
  const kept = new Set<string>();
  // Only pages are read here: the site's rules and paths were the crawl's.
  const reader = deps.reader.forSite({ id: randomUUID(), start: target.start, include: [], exclude: [], robots: '' }, deps.signal);
  let stopped = false;
  for (const page of target.pages) {
    if (deps.signal.aborted || !(await deps.wanted())) {
      stopped = true;
      break;
    }
    const key = pageKey(page.url);
    kept.add(key);
    const before = existing.get(key);
    // The crawl just read the page: when its content is what the document holds, nothing is fetched or stored.
    if (before && page.hash && before.externalTag === page.hash) {
      progress.read += 1;
      sync.unchanged += 1;
      deps.onProgress({ ...progress });
      continue;
    }
    try {
      const fetched = await deps.fetcher.get(page.url, { signal: deps.signal });
      if (fetched.status < 200 || fetched.status >= 300)
        throw new WebFetchError({ code: 'status', status: fetched.status, host: new URL(page.url).host }, `The site answered ${fetched.status}.`);
      const { bytes, hash } = page.kind === 'page' ? await markdownOf(reader, page, fetched.body) : { bytes: fetched.body, hash: fileHash(fetched.body) };
      if (before?.externalTag === hash) sync.unchanged += 1;
      else {
        await importOne(deps.imported, target, page, bytes, hash, before);
        if (before) sync.changed += 1;
        else sync.added += 1;
      }
      progress.read += 1;
    } catch (error) {
      if (deps.signal.aborted) break;
      progress.failed += 1;
      sync.failed += 1;
      // A page that cannot be read or kept (gone, too large, not a kind we read) is counted, not fatal.
      if (!(error instanceof WebFetchError) && !(error instanceof AppError) && !(error instanceof PageReadError)) throw error;
    }
    deps.onProgress({ ...progress });
  }
  if (!stopped && !deps.signal.aborted) {
    for (const [key, document] of existing) {
      if (kept.has(key)) continue;
      await deps.imported.removeFile(target.tenantId, target.sparkId, document);
      sync.removed += 1;
    }
  }
  return { progress, sync };
}

/** A page as the document it becomes (its title as the heading), hashed by its main text as the crawl hashes it. */
async function markdownOf(reader: SiteReader, page: WebsitePage, body: Buffer): Promise<{ bytes: Buffer; hash: string }> {
  const { content } = await reader.page(body, page.url);
  return { bytes: Buffer.from(`# ${content.title}\n\n${content.markdown}\n`), hash: pageHash(content.markdown) };
}

function importOne(
  imported: ImportedDocumentsService,
  target: ImportTarget,
  page: WebsitePage,
  bytes: Buffer,
  hash: string,
  before: ImportedDocument | undefined,
) {
  return imported.import(
    target.tenantId,
    target.sparkId,
    Readable.from([bytes]),
    fileNameOf(page),
    LIMITS.uploadMaxBytes,
    { integrationId: target.websiteId, externalId: pageKey(page.url), externalTag: hash, path: page.url, sourceUrl: page.url },
    before,
  );
}
