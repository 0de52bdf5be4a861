import { z } from 'zod';
import { dataEnvelope } from './envelope.js';

/**
 * A website as a Spark's knowledge (docs/decisions/0028): the owner gives a start address, Sparks
 * finds the site's pages (sitemaps, then links) and lists them with what it left and why.
 */
export const WEBSITE_SCHEDULES = ['manual', 'daily', 'weekly'] as const;
export type WebsiteSchedule = (typeof WEBSITE_SCHEDULES)[number];

/**
 * Where a site stands: finding pages, found (the owner reviews the list), reading the chosen pages
 * into documents, read (its pages answer), stopped by the owner, or failed.
 */
export const WEBSITE_STATES = ['discovering', 'discovered', 'importing', 'ready', 'cancelled', 'failed'] as const;
export type WebsiteState = (typeof WEBSITE_STATES)[number];

/** What a crawl read: a page, or a document a page links to (read as its own kind). */
export const WEBSITE_PAGE_KINDS = ['page', 'pdf', 'docx', 'image'] as const;

/** Why a crawl left an address. */
export const WEBSITE_SKIP_REASONS = ['robots', 'not-found', 'duplicate', 'noindex', 'unsupported', 'limit', 'failed'] as const;

export const WEBSITE_URL_MAX = 2_000;
export const WEBSITE_PATTERN_MAX = 200;
export const WEBSITE_PATTERNS_MAX = 20;

const pattern = z.string().trim().min(1, 'must not be empty').max(WEBSITE_PATTERN_MAX, `must be at most ${WEBSITE_PATTERN_MAX} characters`);
const patterns = z.array(pattern).max(WEBSITE_PATTERNS_MAX, `must list at most ${WEBSITE_PATTERNS_MAX} patterns`);

export const addWebsiteBodySchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, 'must be a web address')
      .max(WEBSITE_URL_MAX, `must be at most ${WEBSITE_URL_MAX} characters`)
      .refine((value) => /^https?:\/\/[^\s/]+/i.test(value), 'must be an http or https address such as https://www.example.com'),
    include: patterns.default([]),
    exclude: patterns.default([]),
    schedule: z.enum(WEBSITE_SCHEDULES, { error: 'must be manual, daily or weekly' }).default('manual'),
  })
  .strict();
export type AddWebsiteBody = z.input<typeof addWebsiteBodySchema>;

export const websiteProgressSchema = z.object({
  found: z.number().int().nonnegative(),
  read: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type WebsiteProgress = z.infer<typeof websiteProgressSchema>;

export const websitePageSchema = z.object({ url: z.string(), title: z.string(), kind: z.enum(WEBSITE_PAGE_KINDS), bytes: z.number().int().nonnegative() });
export const websiteSkipSchema = z.object({ url: z.string(), reason: z.enum(WEBSITE_SKIP_REASONS), detail: z.string() });
export type WebsitePage = z.infer<typeof websitePageSchema>;
export type WebsiteSkip = z.infer<typeof websiteSkipSchema>;

/** One sync of a website: what its pages did since the sync before. */
export const websiteSyncSchema = z.object({
  at: z.string(),
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type WebsiteSync = z.infer<typeof websiteSyncSchema>;

/** How many syncs a website's history keeps. */
export const WEBSITE_SYNCS_KEPT = 10;

export const websiteSchema = z.object({
  _id: z.string(),
  url: z.string(),
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  schedule: z.enum(WEBSITE_SCHEDULES),
  state: z.enum(WEBSITE_STATES),
  progress: websiteProgressSchema,
  pages: z.array(websitePageSchema),
  skipped: z.array(websiteSkipSchema),
  /** Why the crawl failed, in words the owner reads. */
  error: z.string().nullable(),
  /** The plan's page limit for one site, so the list can say how many of the pages it found will be read. */
  pageLimit: z.number().int().nonnegative(),
  createdAt: z.string(),
  discoveredAt: z.string().nullable(),
  importedAt: z.string().nullable(),
  /** The latest syncs first. */
  syncs: z.array(websiteSyncSchema),
});
export type Website = z.infer<typeof websiteSchema>;

/** The pages found that the owner leaves out of the import (their addresses, as listed). */
export const importWebsiteBodySchema = z
  .object({
    leaveOut: z
      .array(z.string().max(WEBSITE_URL_MAX, `must be at most ${WEBSITE_URL_MAX} characters`))
      .max(1_000, 'must list at most 1000 pages')
      .default([]),
  })
  .strict();

export const updateWebsiteBodySchema = z
  .object({
    schedule: z.enum(WEBSITE_SCHEDULES, { error: 'must be manual, daily or weekly' }).optional(),
    include: patterns.optional(),
    exclude: patterns.optional(),
  })
  .strict();
export type UpdateWebsiteBody = z.input<typeof updateWebsiteBodySchema>;

export const websiteResponseSchema = dataEnvelope(websiteSchema);
export const websitesResponseSchema = dataEnvelope(z.array(websiteSchema));
