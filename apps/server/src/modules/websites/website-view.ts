import type { Website } from '@sparks/contract';
import type { WebsiteRow } from './websites-repository.js';

/** A website as the owner's API answers it: the pages without what a sync needs, the report as kept. */
export const websiteView = (row: WebsiteRow, pageLimit: number): Website => ({
  _id: row.id,
  url: row.url,
  include: row.include,
  exclude: row.exclude,
  schedule: row.schedule,
  state: row.state,
  progress: row.progress,
  pages: row.pages.map(({ url, title, kind, bytes }) => ({ url, title, kind, bytes })),
  skipped: row.skipped,
  skippedCounts: row.skippedCounts,
  error: row.error,
  problem: row.problem ?? null,
  pageLimit,
  createdAt: row.createdAt.toISOString(),
  discoveredAt: row.discoveredAt?.toISOString() ?? null,
  importedAt: row.importedAt?.toISOString() ?? null,
  syncs: row.syncs,
});
