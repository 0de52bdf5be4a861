import type { SparkDocument, Website } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { documentsKey } from '../../../features/documents/api/use-documents';
import { DocumentsPanel } from '../../../features/documents/components/documents-panel';
import { websitesKey } from '../../../features/websites/api/use-websites';
import { DocumentsButton } from './documents-button';

// The header reads the window's width when its store is made, before any test runs.
vi.hoisted(() => vi.stubGlobal('window', { innerWidth: 1280, innerHeight: 800, addEventListener: () => undefined }));

let en: I18n;
let es: I18n;
beforeAll(async () => {
  [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
});

const noop = () => undefined;
const file = (id: string, name: string, extra: Partial<SparkDocument> = {}): SparkDocument => ({
  _id: id,
  sparkId: 's1',
  name,
  kind: 'pdf',
  sizeBytes: 1000,
  status: 'ready',
  pages: 1,
  chunks: 1,
  language: null,
  problem: null,
  version: 1,
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
  ...extra,
});
/** A website's page, as the documents list gives it. */
const page = (id: string, title: string) => file(id, `${title}.md`, { kind: 'markdown', sourceUrl: `https://bakery.example/${title.toLowerCase()}` });
const website = (id: string) => ({ _id: id, url: `https://${id}.example/` }) as Website;

/** The Spark screen's header button and its documents panel, drawn from the same lists. */
function render(i18n: I18n, documents: SparkDocument[], websites: Website[]) {
  const html = renderHtml(
    <>
      <DocumentsButton sparkId="s1" open={false} onToggle={noop} buttonRef={null} className="" />
      <DocumentsPanel sparkId="s1" onFile={noop} onClose={noop} websiteCount={websites.length} />
    </>,
    i18n,
    (client) => {
      client.setQueryData(documentsKey('s1'), documents);
      client.setQueryData(websitesKey('s1'), websites);
    },
  );
  const badge = /<span class="rounded-full[^"]*">(\d+)<\/span>/.exec(html)?.[1];
  const summary = /<p class="text-xs text-muted">([^<]*)<\/p>/.exec(html)?.[1];
  return { badge, summary };
}

describe("the header's Documents badge and the documents panel", () => {
  it('count a website as one document, both of them, when it is all the Spark knows', () => {
    // The walk's case: one website read into two pages, no file of the owner's.
    const { badge, summary } = render(en, [page('p1', 'Hours'), page('p2', 'About')], [website('bakery')]);
    expect(badge).toBe('1');
    expect(summary).toBe('1 document (1 website)');
  });

  it('say the same total with files and websites: a new version being read is still its one document', () => {
    const documents = [
      file('d2', 'Menu.pdf', { status: 'processing', version: 2, replaces: 'd1' }),
      file('d1', 'Menu.pdf'),
      file('d3', 'Prices.pdf'),
      page('p1', 'Hours'),
    ];
    const english = render(en, documents, [website('bakery')]);
    expect(english).toEqual({ badge: '3', summary: '3 documents (2 files, 1 website)' });
    const spanish = render(es, documents, [website('bakery'), website('cafe')]);
    expect(spanish).toEqual({ badge: '4', summary: '4 documentos (2 archivos, 2 sitios web)' });
  });

  it('say nothing of websites when there are none', () => {
    expect(render(en, [file('d1', 'Menu.pdf')], [])).toEqual({ badge: '1', summary: '1 document' });
  });
});
