import type { Citation, DocumentPassage } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { PassagePreview } from './passage-preview';

let en: I18n;
beforeAll(async () => {
  en = await testI18n('en');
});

const citation: Citation = { marker: 1, title: 'Policy.pdf', page: 4, excerpt: 'Returns are accepted within 30 days…', chunkId: 'c1', documentId: 'd1' };
const passage: DocumentPassage = {
  chunkId: 'c1',
  documentId: 'd1',
  title: 'Policy.pdf',
  page: 4,
  pageEnd: 5,
  heading: 'Refunds',
  text: 'Section 4. Returns are accepted within 30 days with the receipt. <script>x</script>',
};

describe('the passage behind a citation', () => {
  it('shows the cited excerpt while the whole passage loads', () => {
    const html = renderHtml(<PassagePreview sparkId="s1" citation={citation} />, en);
    expect(html).toContain('Returns are accepted within 30 days…');
    expect(html).toContain('Loading the whole passage…');
  });

  it('shows the whole passage as text, its heading and pages, with the quoted part marked', () => {
    const html = renderHtml(<PassagePreview sparkId="s1" citation={citation} />, en, (client) =>
      client.setQueryData(['sparks', 's1', 'passages', 'c1'], passage),
    );
    expect(html).toContain('Refunds · Pages 4–5');
    expect(html).toContain('Section 4. <mark');
    expect(html).toContain('>Returns are accepted within 30 days</mark> with the receipt.');
    expect(html).not.toContain('<script>');
  });
});
