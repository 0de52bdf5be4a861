import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePdf } from './document-fixtures.js';

/** A small business's website, served on loopback for the crawler's tests: every case the crawler must handle, each at its own address. */
export interface TestWebsite {
  base: string;
  /** Every request the site received, in order, with when it came. */
  requests: Array<{ path: string; at: number; agent: string | undefined }>;
  /** Pages answered 304 Not Modified, because the request named the page's current ETag. */
  notModified: string[];
  /** Replaces a page's HTML (or removes it with null) to stand for the owner editing the site. */
  setPage(path: string, html: string | null): void;
  /** Makes every answer wait this long, to stand for a slow site (0 again for a quick one). */
  setLatency(ms: number): void;
  close(): Promise<void>;
}

const page = (title: string, body: string, head = '', lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>${head}<script>window.tracker = "SCRIPT TEXT";</script></head>` +
  `<body><nav><a href="/">Home</a> <a href="/about">About</a> NAVIGATION LINKS</nav>` +
  `<div id="cookie-banner" class="cookie-consent">We use cookies to improve your experience. <button>Accept all cookies</button></div>` +
  `<main><article>${body}</article></main><footer>FOOTER TEXT © Bakery</footer></body></html>`;

const filler = (topic: string) =>
  `<p>${topic} is baked every morning by our team in the old town, with flour from the mill down the road and butter from local farms, and we have been doing it this way since the shop opened.</p>`;

/** Serves the test website on 127.0.0.1 at a free port. `crawlDelay` (seconds) goes into its robots.txt for Sparks. */
export async function startTestWebsite({ crawlDelay = 0 }: { crawlDelay?: number } = {}): Promise<TestWebsite> {
  const requests: TestWebsite['requests'] = [];
  const notModified: string[] = [];
  const pdf = await makePdf([{ heading: 'Catering menu', paragraphs: ['A tray of twelve croissants costs 18 euros.'] }]);
  let base = '';
  const pages = new Map<string, string>([
    [
      '/',
      page(
        'Velvet Crumb Bakery',
        `<h1>Velvet Crumb Bakery</h1>${filler('Our bread')}<p>See <a href="/about">about us</a>, <a href="/products?utm_source=newsletter&amp;utm_medium=email">our products</a>, ` +
          `<a href="/products">products again</a>, <a href="https://other.example/">a friend's shop</a>, <a href="/menu.pdf">the catering menu</a>, ` +
          `<a href="/slow">a slow page</a>, <a href="/huge">a huge page</a>, <a href="/copy-of-about">a copy</a>, <a href="/about-alias">an alias</a>, ` +
          `<a href="/private/staff">staff area</a>, <a href="/old-hours">old hours page</a>, <a href="/logo.css">styles</a>, <a href="mailto:hi@example.com">mail</a>.</p>`,
      ),
    ],
    [
      '/about',
      page(
        'About us',
        `<h1>About us</h1>${filler('Sourdough')}<h2>Opening hours</h2><p>We open at 7:00 from Monday to Saturday and at 8:30 on Sunday.</p>` +
          `<h2>Prices</h2><table><thead><tr><th>Item</th><th>Price</th></tr></thead><tbody><tr><td>Croissant</td><td>1.80 €</td></tr><tr><td>Baguette</td><td>1.20 €</td></tr></tbody></table>`,
      ),
    ],
    ['/products', page('Products', `<h1>Products</h1>${filler('Rye bread')}<p>We sell rye, spelt and white loaves.</p>`)],
    ['/hours', page('Hours', `<h1>Hours</h1>${filler('The shop')}<p>Holiday hours are posted in the window.</p>`)],
    [
      '/es/horarios',
      page(
        'Horarios',
        `<h1>Horarios</h1><p>Abrimos a las siete de lunes a sábado y cerramos a las tres de la tarde; los domingos abrimos a las ocho y media y el obrador hornea pan de centeno cada mañana.</p>`,
        '',
        'es',
      ),
    ],
    ['/private/staff', page('Staff', '<h1>Staff only</h1><p>The alarm code is 1234.</p>')],
  ]);
  // The same page at a second address, as /index.html and / often are.
  pages.set('/copy-of-about', pages.get('/about')!);
  pages.set('/about-alias', page('About alias', `<h1>Alias</h1>${filler('An alias')}`, '<link rel="canonical" href="/about">'));

  let latency = 0;
  const server: Server = createServer((request, response) => {
    if (latency > 0) setTimeout(() => answer(request, response), latency);
    else answer(request, response);
  });
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    requests.push({ path: request.url ?? '/', at: Date.now(), agent: request.headers['user-agent'] });
    if (path === '/robots.txt') {
      return response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(
          `User-agent: Sparks\nDisallow: /private/\n${crawlDelay ? `Crawl-delay: ${crawlDelay}\n` : ''}\nUser-agent: *\nDisallow: /\n\nSitemap: ${base}/sitemap-index.xml\n`,
        );
    }
    if (path === '/sitemap-index.xml') {
      return response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${base}/sitemap-pages.xml</loc></sitemap></sitemapindex>`,
        );
    }
    if (path === '/sitemap-pages.xml') {
      const urls = ['/', '/about', '/es/horarios', '/missing', '/private/staff'].map((entry) => `<url><loc>${base}${entry}</loc></url>`).join('');
      return response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
    }
    if (path === '/to-metadata') return response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/old-hours') return response.writeHead(301, { location: '/hours' }).end();
    if (path === '/menu.pdf') return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pdf);
    if (path === '/logo.css') return response.writeHead(200, { 'content-type': 'text/html' }).end('body { color: red }');
    if (path === '/slow') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<!doctype html><html><body><p>Still');
      return;
    }
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<!doctype html><html><body>');
      const block = `<p>${'crumb '.repeat(10_000)}</p>`;
      for (let index = 0; index < 50; index += 1) response.write(block);
      return response.end('</body></html>');
    }
    const html = pages.get(path);
    if (html === undefined) return response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Not found</body></html>');
    // Pages carry an ETag of their content, as most sites' servers send: a crawler that names it gets 304 while the page is unchanged.
    const etag = `"${createHash('sha256').update(html).digest('hex').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) {
      notModified.push(path);
      return response.writeHead(304, { etag }).end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(html);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    notModified,
    setPage: (path, html) => (html === null ? pages.delete(path) : pages.set(path, html)),
    setLatency: (ms) => (latency = ms),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
