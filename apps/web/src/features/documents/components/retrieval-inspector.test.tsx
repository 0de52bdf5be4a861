import type { Citation, RetrievedPassage } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { RetrievalInspector } from './retrieval-inspector';

const sources: RetrievedPassage[] = [
  { marker: 2, chunkId: 'c2', documentId: 'd1', title: 'FAQ.md', score: 0.41234, excerpt: 'Shipping takes <b>3</b> days.' },
  { marker: 1, chunkId: 'c1', documentId: 'd1', title: 'Returns policy.pdf', page: 4, heading: 'Refunds', score: 0.8765, excerpt: 'Returns within 30 days.' },
];
const citations: Citation[] = [{ marker: 1, title: 'Returns policy.pdf', page: 4, excerpt: 'Returns within 30 days.', chunkId: 'c1', documentId: 'd1' }];

let en: I18n;
let html = '';
beforeAll(async () => {
  en = await testI18n('en');
  html = renderHtml(<RetrievalInspector sources={sources} citations={citations} />, en);
});

describe('why this answer?', () => {
  it('is a collapsed disclosure button that names how many passages it holds', () => {
    expect(html).toMatch(/<button type="button" aria-expanded="false" aria-controls="([^"]+)"[^>]*>.*Why this answer\?/);
    const id = /aria-controls="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${id}" hidden=""`);
    expect(html).toContain('(2 passages)');
  });

  it('lists the passages best first with title, page, heading, score to two decimals and excerpt', () => {
    const first = html.indexOf('Returns policy.pdf');
    expect(first).toBeGreaterThan(-1);
    expect(first).toBeLessThan(html.indexOf('FAQ.md'));
    expect(html).toContain('Page 4');
    expect(html).toContain('Refunds');
    expect(html).toContain('Score 0.88');
    expect(html).toContain('Score 0.41');
    expect(html).toContain('Shipping takes &lt;b&gt;3&lt;/b&gt; days.');
  });

  it('marks which passages the answer cited', () => {
    expect(html.match(/data-cited="true"/g)).toHaveLength(1);
    expect(html.match(/data-cited="false"/g)).toHaveLength(1);
    expect(html).toContain('>Cited<');
    expect(html).toContain('>Not cited<');
  });
});
