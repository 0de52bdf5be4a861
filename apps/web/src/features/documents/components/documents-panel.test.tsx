import type { SparkDocument } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentsKey } from '../api/use-documents';
import { renderHtml, testI18n } from '#testing/render-html';
import { DocumentsPanel } from './documents-panel';

let en: I18n;
beforeAll(async () => {
  en = await testI18n('en');
});

const noop = () => undefined;
const doc = (id: string, name: string, status: SparkDocument['status']): SparkDocument => ({
  _id: id,
  sparkId: 's1',
  name,
  kind: 'pdf',
  sizeBytes: 1000,
  status,
  pages: status === 'ready' ? 3 : null,
  chunks: status === 'ready' ? 5 : 0,
  language: null,
  problem: null,
  version: 1,
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
});
/** A website's page as the documents list gives it: a document that says which page it was read from. */
const page = (id: string, title: string, status: SparkDocument['status']): SparkDocument => ({
  ...doc(id, `${title}.md`, status),
  kind: 'markdown',
  sourceUrl: `https://bakery.example/${title.toLowerCase()}`,
});
const render = (documents?: SparkDocument[], websiteCount?: number) =>
  renderHtml(
    <DocumentsPanel
      sparkId="s1"
      onFile={noop}
      onClose={noop}
      headingId="h"
      moreSources={<p>Websites section</p>}
      {...(websiteCount === undefined ? {} : { websiteCount })}
    />,
    en,
    (client) => {
      if (documents) client.setQueryData(documentsKey('s1'), documents);
    },
  );

describe('the documents panel', () => {
  it('shows that it is loading before the list arrives', () => {
    const html = render();
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading the documents…');
  });

  it('explains how to add documents when there are none', () => {
    const html = render([]);
    expect(html).toContain('data-testid="documents-empty"');
    expect(html).toContain('No documents yet');
    expect(html).toContain('0 documents');
  });

  it('lists the documents newest first as the server sends them, with a heading, Add and Close', () => {
    const html = render([doc('d2', 'New.pdf', 'processing'), doc('d1', 'Old.pdf', 'ready')]);
    expect(html).toContain('<h2 id="h" tabindex="-1"');
    expect(html).toContain('2 documents');
    expect(html.indexOf('New.pdf')).toBeLessThan(html.indexOf('Old.pdf'));
    expect(html.match(/data-testid="document-row"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Close documents"');
    expect(html).toContain('type="file"');
    expect(html).toContain('accept=".pdf,.doc,.docx,.txt,.md,');
    expect(html).toContain('.jpg,.jpeg,.png,');
  });

  it("leaves a website's pages to its card: they are neither rows nor counted", () => {
    const html = render([page('p1', 'About', 'ready'), doc('d1', 'Menu.pdf', 'ready'), page('p2', 'Hours', 'processing')], 1);
    expect(html.match(/data-testid="document-row"/g)).toHaveLength(1);
    expect(html).toContain('Menu.pdf');
    expect(html).not.toContain('About.md');
    expect(html).not.toContain('Hours.md');
    expect(html).toContain('2 documents (1 file, 1 website)');
    expect(html).toContain('Websites section');
  });

  it('does not say the Spark has no documents when it learns from a website, only that it has no files of its own', () => {
    const html = render([page('p1', 'About', 'ready'), page('p2', 'Hours', 'ready')], 1);
    expect(html).not.toContain('data-testid="document-row"');
    expect(html).not.toContain('No documents yet');
    expect(html).toContain('data-testid="documents-none-but-websites"');
    expect(html).toContain('No files yet: your Spark learns from the websites below.');
    expect(html).toContain('1 document (1 website)');
    // A website added but not read yet has no pages, and is a source all the same.
    expect(render([], 1)).toContain('data-testid="documents-none-but-websites"');
  });

  it('keeps the welcome of an empty panel when there is no website either', () => {
    const html = render([], 0);
    expect(html).toContain('data-testid="documents-empty"');
    expect(html).toContain('No documents yet');
  });
});
