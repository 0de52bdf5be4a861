import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { DOCUMENTS_DIR, type CorpusDocument } from './corpus.js';

/**
 * Serves a corpus website on loopback, as its host would: each page of its folder at its own
 * path (`/<page>`), `/` leading to the first, and no robots.txt or sitemap (a 404 allows
 * everything), so the crawl finds the pages by their links, as it finds a small site's.
 */
export async function serveSite(document: CorpusDocument): Promise<{ base: string; start: string; close(): Promise<void> }> {
  if (!document.site) throw new Error(`${document.id} is not a website`);
  const root = join(DOCUMENTS_DIR, document.fileName);
  const pages = new Set(document.site.pages);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]!).replace(/^\/+/, '');
    if (path === '') return response.writeHead(302, { location: `/${document.site!.pages[0]}` }).end();
    const file = normalize(path);
    if (!pages.has(file)) return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    readFile(join(root, file)).then(
      (bytes) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(bytes),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    start: `${base}/${document.site.pages[0]}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
