import { WEBSITE_SKIPPED_SAMPLE } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { SkipReport } from './skip-report.js';

describe('SkipReport', () => {
  it('counts every address left and names only the first few of each reason', () => {
    const report = new SkipReport();
    for (let index = 0; index < 96_016; index += 1) report.add(`https://bakery.example/p/${index}`, 'limit', 'The plan reads up to 25 pages of a site.');
    report.add('https://bakery.example/private', 'robots', 'robots.txt asks crawlers not to read it');
    let asked = 0;
    report.addMany('duplicate', 500, (index) => {
      asked += 1;
      return { url: `https://bakery.example/copy/${index}`, reason: 'duplicate', detail: 'Same page' };
    });
    const { skipped, skippedCounts } = report.toJSON();
    expect(skippedCounts).toEqual({ limit: 96_016, robots: 1, duplicate: 500 });
    expect(report.total).toBe(96_517);
    expect(skipped).toHaveLength(2 * WEBSITE_SKIPPED_SAMPLE + 1);
    expect(asked).toBe(WEBSITE_SKIPPED_SAMPLE);
    expect(skipped.filter((entry) => entry.reason === 'limit').map((entry) => entry.url)[0]).toBe('https://bakery.example/p/0');
  });
});
