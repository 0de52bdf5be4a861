import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { VisitorRetention } from './visitor-retention';

describe('how long visitors’ conversations are kept', () => {
  it('offers the periods and "never", selects the one in force and says what it means, in both languages', async () => {
    const en = await testI18n('en');
    const thirty = renderHtml(<VisitorRetention days={30} saving={false} error={null} onChange={() => undefined} />, en);
    expect(thirty).toContain('<option value="30" selected="">30 days</option>');
    expect(thirty).toContain('<option value="365">365 days</option>');
    expect(thirty).toContain('Never (keep until I delete them)');
    expect(thirty).toContain('deleted 30 days after their last message');
    const forever = renderHtml(<VisitorRetention days={null} saving={false} error={null} onChange={() => undefined} />, await testI18n('es'));
    expect(forever).toContain('<option value="forever" selected="">Nunca (guardar hasta que las borre)</option>');
    expect(forever).toContain('se guardan hasta que las borres');
  });
});
