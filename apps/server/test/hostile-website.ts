import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A website served on loopback that makes a crawler's life hard, each way at its own address. */
export interface HostileWebsite {
  base: string;
  /** Every path asked, in order. */
  requests: string[];
  close(): Promise<void>;
}

export interface HostileOptions {
  /** Sitemaps the sitemap index names, each listing `perSitemap` pages (`/p/<sitemap>/<n>`). */
  sitemaps?: number;
  perSitemap?: number;
  /** Pages the sitemap lists whose paths are this many characters of "a" (a pattern's worst case). */
  longPaths?: { count: number; length: number };
  /** The home page's links; each path below answers as its name says. */
  links?: string[];
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * Serves a hostile site at a free port of 127.0.0.1. Besides `/`, `/robots.txt` and
 * `/sitemap-index.xml`, it answers:
 * - `/p/…` and `/a…`: a small page each (what the sitemaps list);
 * - `/hours`: an ordinary page with the opening hours;
 * - `/trickle`: a page that sends one byte every two seconds and never ends;
 * - `/odd`: `text/html` that is not HTML at all ("<3 we love our bread");
 * - `/deep`: a page nested a thousand elements deep.
 */
export async function startHostileWebsite(options: HostileOptions = {}): Promise<HostileWebsite> {
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let base = '';
  const { sitemaps = 0, perSitemap = 0, longPaths, links = [] } = options;
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    requests.push(path);
    const html = (body: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const xml = (body: string) => response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?>${body}`);
    if (path === '/robots.txt')
      return response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap-index.xml\n`);
    if (path === '/sitemap-index.xml') {
      const names = Array.from({ length: sitemaps }, (_, index) => `<sitemap><loc>${base}/sitemap-${index}.xml</loc></sitemap>`);
      if (longPaths) names.push(`<sitemap><loc>${base}/sitemap-long.xml</loc></sitemap>`);
      return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${names.join('')}</sitemapindex>`);
    }
    const listed = /^\/sitemap-(\d+)\.xml$/.exec(path);
    if (listed) {
      const urls = Array.from({ length: perSitemap }, (_, index) => `<url><loc>${base}/p/${listed[1]}/${index}</loc></url>`);
      return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`);
    }
    if (path === '/sitemap-long.xml' && longPaths) {
      const urls = Array.from({ length: longPaths.count }, (_, index) => `<url><loc>${base}/${'a'.repeat(longPaths.length)}${index}</loc></url>`);
      return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`);
    }
    if (path === '/') return html(page('Crumb & Co.', `<p>Fresh bread daily.</p>${links.map((link) => `<a href="${link}">${link}</a>`).join(' ')}`));
    if (path === '/hours') return html(page('Opening hours', '<p>We open at 7:00 from Monday to Saturday and at 8:30 on Sunday.</p>'));
    if (path === '/odd') return html('<3 we love our bread, and our regulars know the sourdough sells out by ten.');
    if (path === '/deep') return html(`<!doctype html><html><body>${'<div>'.repeat(1_000)}Deep down${'</div>'.repeat(1_000)}</body></html>`);
    if (path === '/trickle') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<');
      const timer = setInterval(() => response.write('p'), 2_000);
      timers.add(timer);
      response.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
      });
      return;
    }
    if (path.startsWith('/p/') || path.startsWith('/a'))
      return html(page(`Page ${path.slice(-12)}`, `<p>A page of the catalogue, number ${path.slice(-8)}.</p>`));
    response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Not found</body></html>');
  };
  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
