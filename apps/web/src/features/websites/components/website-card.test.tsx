import type { Website } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { useWebsiteActions } from '../api/use-websites';
import { WebsiteCard } from './website-card';
import { WebsitePathsEditor } from './website-paths-editor';

let en: I18n;
let es: I18n;
beforeAll(async () => {
  [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
});

const website = (change: Partial<Website> = {}): Website => ({
  _id: 'w1',
  url: 'https://bakery.example/',
  include: [],
  exclude: [],
  schedule: 'weekly',
  state: 'ready',
  progress: { found: 5, read: 5, skipped: 0, failed: 0 },
  pages: ['about', 'hours', 'menu', 'products', 'contact'].map((name) => ({ url: `https://bakery.example/${name}`, title: name, kind: 'page', bytes: 2048 })),
  skipped: [],
  skippedCounts: {},
  error: null,
  problem: null,
  pageLimit: 25,
  createdAt: '2026-03-10T12:00:00.000Z',
  discoveredAt: '2026-03-10T12:00:00.000Z',
  importedAt: '2026-03-10T12:01:00.000Z',
  syncs: [],
  ...change,
});

function Card(props: Omit<Parameters<typeof WebsiteCard>[0], 'actions'>) {
  return <WebsiteCard {...props} actions={useWebsiteActions('s1')} />;
}

function Editor({ site }: { site: Website }) {
  return <WebsitePathsEditor website={site} save={useWebsiteActions('s1').paths} onDone={() => undefined} />;
}

describe("a website's card", () => {
  it('counts the pages its documents say are ready, not every page found', () => {
    const html = renderHtml(<Card website={website()} pageCounts={{ ready: 4, reading: 0, failed: 0 }} />, en);
    expect(html).toContain('4 pages answer questions.');
    expect(html).not.toContain('5 pages answer questions.');
  });

  it('says how many pages are ready while the rest are read, and how many could not be', () => {
    const html = renderHtml(<Card website={website()} pageCounts={{ ready: 2, reading: 2, failed: 1 }} />, en);
    expect(html).toContain('2 of 4 pages ready to answer; the rest are being read…');
    expect(html).toContain('1 page could not be read.');
    expect(renderHtml(<Card website={website()} pageCounts={{ ready: 1, reading: 3, failed: 2 }} />, es)).toContain(
      '1 de 4 páginas listas para responder; el resto se está leyendo…',
    );
  });

  it('falls back to the pages found while the documents are not known', () => {
    expect(renderHtml(<Card website={website()} />, en)).toContain('5 pages answer questions.');
  });

  it('shows the paths it reads and leaves out, and offers to change them', () => {
    const html = renderHtml(<Card website={website({ include: ['/help/', '/shop/*'], exclude: ['/blog/*'] })} />, en);
    expect(html).toContain('Reads only:');
    expect(html).toContain('/help/, /shop/*');
    expect(html).toContain('Leaves out:');
    expect(html).toContain('/blog/*');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Edit paths<\/button>/);
    expect(renderHtml(<Card website={website()} />, en)).not.toContain('data-testid="website-paths"');
  });

  it('says why a site could not be read in the owner’s language, never the server’s English or the socket’s words', () => {
    const failed = website({
      state: 'failed',
      url: 'https://bakery.example/',
      error: 'bakery.example did not answer over https or http.',
      problem: { code: 'unreachable', host: 'bakery.example' },
    });
    expect(renderHtml(<Card website={failed} />, en)).toContain(
      'bakery.example did not answer over https or http. Check the address and that the site is online.',
    );
    const spanish = renderHtml(<Card website={failed} />, es);
    expect(spanish).toContain('bakery.example no ha respondido ni por https ni por http.');
    expect(spanish).not.toContain('did not answer');
    // A failure recorded before problems had codes reads as the general failure, in Spanish too.
    expect(renderHtml(<Card website={website({ state: 'failed', error: 'write EPROTO 1234:error:0A00010B:SSL routines' })} />, es)).toContain(
      'No se ha podido leer el sitio.',
    );
  });

  it('counts what the crawl left by reason, names a few of each, and says why a page failed', () => {
    const html = renderHtml(
      <Card
        website={website({
          skippedCounts: { limit: 4_975, failed: 1, unreadable: 1 },
          skipped: [
            { url: 'https://bakery.example/p/1', reason: 'limit', detail: 'The plan reads up to 25 pages of a site.' },
            { url: 'https://bakery.example/trickle', reason: 'failed', detail: 'slow', problem: { code: 'too-slow', limit: 30 } },
            { url: 'https://bakery.example/deep', reason: 'unreadable', detail: 'deep', problem: { code: 'unreadable' } },
          ],
        })}
      />,
      es,
    );
    expect(html).toContain('4977 direcciones dejadas fuera');
    expect(html).toContain('por encima del límite de páginas de tu plan (4975)');
    expect(html).toContain('bakery.example/p/1');
    expect(html).toContain('y 4974 más');
    expect(html).toContain('bakery.example/trickle — La página ha tardado más de 30 segundos en llegar.');
    expect(html).toContain('bakery.example/deep — No he podido leer el código de la página.');
  });

  it('offers no change of paths while the site is being read', () => {
    const html = renderHtml(<Card website={website({ state: 'discovering' })} />, en);
    expect(html).not.toContain('Edit paths');
  });
});

describe("the editor of a website's paths", () => {
  it('holds the saved paths one per line, each box with its label and hint read with it', () => {
    const html = renderHtml(<Editor site={website({ include: ['/help/', '/shop/*'], exclude: ['/blog/*'] })} />, en);
    expect(html).toContain('Only read these paths (optional, one per line)');
    expect(html).toContain('Leave out these paths (optional, one per line)');
    expect(html).toContain('Only read addresses under these paths');
    expect(html).toContain('Up to 20 paths in each box, of up to 200 characters each.');
    expect(html).toMatch(/<textarea[^>]*>\/help\/\n\/shop\/\*<\/textarea>/);
    expect(html).toMatch(/<textarea[^>]*>\/blog\/\*<\/textarea>/);
    for (const [, id] of html.matchAll(/<textarea id="([^"]+)"/g)) {
      expect(html).toContain(`for="${id}"`);
      expect(html).toContain(`aria-describedby="${id}-hint"`);
      expect(html).toContain(`id="${id}-hint"`);
    }
    expect(html).toContain('Save paths');
  });

  it('dates its last reading in the owner’s language, as the documents are dated', () => {
    const read = website({ syncs: [{ at: '2026-03-10T12:05:00.000Z', added: 1, changed: 0, unchanged: 4, removed: 0, failed: 0 }] });
    const when = (language: string) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-03-10T12:05:00.000Z'));
    expect(renderHtml(<Card website={read} />, es)).toContain(when('es'));
    expect(when('es')).toContain('mar 2026');
    expect(renderHtml(<Card website={read} />, en)).toContain(`Last read ${when('en')}: 1 new`);
  });

  it('speaks Spanish', () => {
    const html = renderHtml(<Editor site={website()} />, es);
    expect(html).toContain('Lee solo estas rutas (opcional, una por línea)');
    expect(html).toContain('Guardar rutas');
  });
});
