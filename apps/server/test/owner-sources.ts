import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeDocx } from './document-fixtures.js';

/*
 * An owner's three sources of structured knowledge, for the server's test of them and the browser's
 * walk: a price list with tables, a JSON catalogue and a help website.
 */

/** A bakery's price list in Spanish: opening hours and prices, each a Word table under its heading. */
export const PRICE_LIST = (): Promise<Buffer> =>
  makeDocx([
    { heading: 'Horario de apertura' },
    { paragraph: 'La panadería abre todos los días del año salvo Navidad.' },
    {
      table: [
        ['Día', 'Horario'],
        ['Lunes a viernes', '7:00 – 20:00'],
        ['Sábado', '8:00 – 14:00'],
        ['Domingo', '8:30 – 13:00'],
      ],
    },
    { heading: 'Precios' },
    {
      table: [
        ['Producto', 'Precio'],
        ['Croissant', '1,80 €'],
        ['Barra de pan', '1,20 €'],
        ['Tarta de queso', '18,00 €'],
      ],
    },
  ]);

/** A shop's catalogue as JSON: products with their variants, the linen shirt's third in L. */
export const CATALOGUE = Buffer.from(
  JSON.stringify({
    products: [
      {
        id: 'TS-100',
        name: 'Cotton T-shirt',
        price: '19 €',
        variants: [
          { size: 'S', colour: 'white' },
          { size: 'M', colour: 'white' },
        ],
      },
      {
        id: 'LS-200',
        name: 'Linen shirt',
        price: '49 €',
        material: 'linen',
        variants: [
          { size: 'S', colour: 'sand' },
          { size: 'M', colour: 'sand' },
          { size: 'L', colour: 'navy' },
        ],
      },
      { id: 'WJ-300', name: 'Wool jumper', price: '79 €', variants: [{ size: 'M', colour: 'grey' }] },
    ],
  }),
);

const helpPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>` +
  `<header><a href="/">Help centre</a> <span class="nav-item">Sign in</span></header>` +
  `<nav><a href="/language">Language</a> <a href="/password">Password</a> <a href="/">Home</a></nav>` +
  `<main><article><h1>${title}</h1>${body}</article></main>` +
  `<aside>Related articles: <a href="/password">Password</a></aside><footer>© Help centre · Privacy · Terms</footer></body></html>`;

const HELP_SITE = new Map([
  [
    '/',
    helpPage(
      'Help centre',
      '<p>Answers to common questions about the app.</p><p><a href="/language">Language settings</a> · <a href="/password">Passwords</a></p>',
    ),
  ],
  [
    '/language',
    helpPage(
      'Change the language',
      '<p>The app speaks English, Spanish and French.</p><h2>Steps</h2><p>To change the language, open <span class="nav-item">Settings</span> → <span class="menu-label">Preferences</span> → <span class="menu-label">Language</span> in the menu and pick one from the list.</p>',
    ),
  ],
  [
    '/password',
    helpPage('Reset your password', '<p>To reset your password, choose <b>Forgot password</b> on the sign-in screen and follow the link we e-mail you.</p>'),
  ],
]);

/**
 * A help site in English on loopback: three pages inside a header, a navigation, an aside and a
 * footer, the language page's menu path in spans whose class reads like navigation.
 */
export async function serveHelpSite(): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const html = HELP_SITE.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (request.url === '/robots.txt' || !html) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
