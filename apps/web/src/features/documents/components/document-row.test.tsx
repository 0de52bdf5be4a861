import type { SparkDocument } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { DocumentRow } from './document-row';

let en: I18n;
let es: I18n;
beforeAll(async () => {
  [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
});

const base: SparkDocument = {
  _id: 'd1',
  sparkId: 's1',
  name: 'Returns policy.pdf',
  kind: 'pdf',
  sizeBytes: 2.5 * 1024 * 1024,
  status: 'ready',
  pages: 12,
  chunks: 1,
  language: 'en',
  problem: null,
  version: 1,
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
};
const render = (document: Partial<SparkDocument>, i18n = en) =>
  renderHtml(<DocumentRow document={{ ...base, ...document }} onDelete={() => undefined} />, i18n);

describe('a row of the documents panel', () => {
  it('shows name, status, pages, passages, size, upload time and a named delete button', () => {
    const html = render({});
    expect(html).toContain('Returns policy.pdf');
    expect(html).toContain('data-status="ready"');
    expect(html).toContain('Ready');
    expect(html).toContain('12 pages');
    expect(html).toContain('1 passage<');
    expect(html).toContain('2.5 MB');
    expect(html).toContain('dateTime="2026-03-10T12:00:00.000Z"');
    expect(html).toContain('Uploaded Mar 10, 2026');
    expect(html).toContain('aria-label="Delete Returns policy.pdf"');
  });

  it('keeps a hostile name as text, never as markup', () => {
    const html = render({ name: '<img src=x onerror=alert(1)>.pdf' });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.pdf');
  });

  it('leaves out what a document being read does not know yet', () => {
    const html = render({ status: 'processing', pages: null, chunks: 0 });
    expect(html).toContain('Reading…');
    expect(html).not.toContain('page');
    expect(html).not.toContain('passage');
  });

  it('words a failure by its code, in the user language', () => {
    const html = render({ status: 'failed', pages: null, chunks: 0, problem: { code: 'encrypted', message: 'encrypted' } }, es);
    expect(html).toContain('Error');
    expect(html).toContain('Este PDF está protegido con contraseña.');
    expect(html).toContain('Subido el');
  });

  it('says which pages had no text on a ready document', () => {
    const html = render({ pages: 9, chunks: 4, problem: { code: 'pages_without_text', message: 'x', pages: [{ from: 3, to: 9 }] } });
    expect(html).toContain('No text could be extracted from pages 3–9.');
  });

  it('says which pages were left out as contents or index, in the user language', () => {
    expect(render({ pages: 52, chunks: 103, contentsPages: [{ from: 2, to: 4 }] })).toContain(
      '3 pages (2–4) were read as contents or index and left out of the answers.',
    );
    expect(render({ pages: 52, chunks: 103, contentsPages: [{ from: 2, to: 2 }] }, es)).toContain('La página 2 se leyó como índice');
    expect(render({ pages: 2, chunks: 3 })).not.toContain('contents or index');
  });

  it('names the version, offers a named Replace, and says which version answers while a new one is read', () => {
    const replaceable = renderHtml(<DocumentRow document={{ ...base, version: 3 }} onDelete={() => undefined} onReplace={() => undefined} beingReplaced />, en);
    expect(replaceable).toContain('Version 3');
    expect(replaceable).toContain('aria-label="Replace Returns policy.pdf with a new version"');
    expect(replaceable).toContain('A new version is being read; this one answers until then.');
    const reading = render({ version: 4, status: 'processing', pages: null, chunks: 0, replaces: 'd0' });
    expect(reading).toContain('New version: the previous one keeps answering until this one is read.');
    const failed = render({ version: 4, status: 'failed', pages: null, chunks: 0, replaces: 'd0', problem: { code: 'corrupt', message: 'x' } }, es);
    expect(failed).toContain('No se pudo leer esta versión nueva; la anterior sigue respondiendo.');
    expect(render({ version: 1 })).not.toContain('Version');
  });

  it('offers to read a file again once it has been read, never while it or a newer version is being read, and never for an owner answer', () => {
    const row = (document: Partial<SparkDocument>, beingReplaced = false, i18n = en) =>
      renderHtml(
        <DocumentRow document={{ ...base, ...document }} onDelete={() => undefined} onReadAgain={() => undefined} beingReplaced={beingReplaced} />,
        i18n,
      );
    expect(row({})).toContain('aria-label="Read Returns policy.pdf again with the latest reading"');
    expect(row({ status: 'failed', problem: { code: 'corrupt', message: 'x' } })).toContain('data-read-again="d1"');
    expect(row({}, false, es)).toContain('aria-label="Volver a leer Returns policy.pdf con la lectura más reciente"');
    expect(row({ status: 'processing', chunks: 0 })).not.toContain('data-read-again');
    expect(row({ status: 'queued', chunks: 0, replaces: 'd0', version: 2 })).not.toContain('data-read-again');
    expect(row({}, true)).not.toContain('data-read-again');
    expect(row({ kind: 'answer' })).not.toContain('data-read-again');
    expect(render({})).not.toContain('data-read-again');
  });
});
