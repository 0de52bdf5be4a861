import { WEBSITE_SKIPPED_SAMPLE, type WebsiteProblem, type WebsiteSkip, type WebsiteSkipReason, type WebsiteSkippedCounts } from '@sparks/contract';

/**
 * What a crawl left and why, kept small whatever the site: a count for each reason and the first
 * few addresses of each as a sample. A site whose sitemaps list a hundred thousand addresses once
 * stored every one (11 MB in each answer of the websites list).
 */
export class SkipReport {
  private readonly counts: WebsiteSkippedCounts = {};
  private readonly sample: WebsiteSkip[] = [];

  add(url: string, reason: WebsiteSkipReason, detail: string, problem?: WebsiteProblem): void {
    this.addMany(reason, 1, () => ({ url, reason, detail, ...(problem ? { problem } : {}) }));
  }

  /** `count` addresses left for one reason; `entry` is asked only for those the sample still has room for. */
  addMany(reason: WebsiteSkipReason, count: number, entry: (index: number) => WebsiteSkip): void {
    if (count <= 0) return;
    const before = this.counts[reason] ?? 0;
    this.counts[reason] = before + count;
    for (let index = 0; index < count && before + index < WEBSITE_SKIPPED_SAMPLE; index += 1) this.sample.push(entry(index));
  }

  count(reason: WebsiteSkipReason): number {
    return this.counts[reason] ?? 0;
  }

  get total(): number {
    return Object.values(this.counts).reduce((sum, count) => sum + count, 0);
  }

  /** The counts and the sample as the website's row keeps them. */
  toJSON(): { skipped: WebsiteSkip[]; skippedCounts: WebsiteSkippedCounts } {
    return { skipped: [...this.sample], skippedCounts: { ...this.counts } };
  }
}
