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

/** Why a crawl left an address: `unreadable` is a page fetched that could not be read (broken or too complex markup). */
export const WEBSITE_SKIP_REASONS = ['robots', 'not-found', 'duplicate', 'noindex', 'unsupported', 'limit', 'failed', 'unreadable'] as const;
export type WebsiteSkipReason = (typeof WEBSITE_SKIP_REASONS)[number];

/**
 * What went wrong reading a site or one of its pages, as a code the web app says in the owner's
 * language (the `error` and `detail` texts beside it are English, for the API's readers):
 * - `address`: a private or local address; `scheme`: not http(s); `credentials`; `port`;
 * - `dns`: the name does not exist; `refused`: nothing listens there; `tls`: the secure connection
 *   failed; `unreachable`: neither https nor http answered (an address typed without its scheme);
 * - `timeout`: no answer in time; `stalled`: the answer stopped coming; `too-slow`: a page took
 *   longer than a page may; `redirects`; `too-large`; `status`: the site answered an error (`status`);
 * - `robots`: robots.txt answered a server error; `unreadable`: a page whose markup could not be
 *   read; `too-complex`: a page or sitemap that took too long or too much memory to read;
 * - `network`: the connection broke; `not-started`: the crawl could not be queued; `interrupted`:
 *   the crawl stopped on an error of ours.
 */
export const WEBSITE_PROBLEMS = [
  'address',
  'scheme',
  'credentials',
  'port',
  'dns',
  'refused',
  'tls',
  'unreachable',
  'timeout',
  'stalled',
  'too-slow',
  'redirects',
  'too-large',
  'status',
  'robots',
  'unreadable',
  'too-complex',
  'network',
  'not-started',
  'interrupted',
] as const;
export type WebsiteProblemCode = (typeof WEBSITE_PROBLEMS)[number];

export const websiteProblemSchema = z.object({
  code: z.enum(WEBSITE_PROBLEMS),
  /** The host the problem is about, as the owner typed or the site redirected to. */
  host: z.string().optional(),
  /** The status the site answered (`status`). */
  status: z.number().int().optional(),
  /** The limit passed, in seconds or megabytes (`too-slow`, `too-large`, `redirects`). */
  limit: z.number().optional(),
});
export type WebsiteProblem = z.infer<typeof websiteProblemSchema>;

/** Addresses a website's report lists at most for each reason; the counts say how many there were in all. */
export const WEBSITE_SKIPPED_SAMPLE = 10;

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
      // Typed as people type it ("bakery.example", "127.0.0.1:8811/shop"): without a scheme, https is tried first, then http.
      .refine(
        (value) => !/^[a-z][a-z\d+.-]*:\/\//i.test(value) || /^https?:\/\//i.test(value),
        'must be an http or https address such as https://www.example.com',
      )
      // Typed as people type it ("bakery.example", "127.0.0.1:8811/shop"): without a scheme, https is tried first, then http.
      .refine((value) => /^(?:https?:\/\/)?[^\s/?#]+(?:[/?#]\S*)?$/i.test(value), 'must be a web address such as www.example.com'),
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
export const websiteSkipSchema = z.object({
  url: z.string(),
  reason: z.enum(WEBSITE_SKIP_REASONS),
  /** What happened, in English (the status, the fetch error, the page it repeats). */
  detail: z.string(),
  /** For a page that failed or could not be read: what went wrong, said in the owner's language by the web app. */
  problem: websiteProblemSchema.optional(),
});
/** How many addresses were left for each reason; the reasons with none are absent. */
export const websiteSkippedCountsSchema = z.partialRecord(z.enum(WEBSITE_SKIP_REASONS), z.number().int().nonnegative());
export type WebsitePage = z.infer<typeof websitePageSchema>;
export type WebsiteSkip = z.infer<typeof websiteSkipSchema>;
export type WebsiteSkippedCounts = z.infer<typeof websiteSkippedCountsSchema>;

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
  /** A sample of the addresses left, at most WEBSITE_SKIPPED_SAMPLE for each reason. */
  skipped: z.array(websiteSkipSchema),
  /** How many addresses were left, by reason (the sample lists some of them). */
  skippedCounts: websiteSkippedCountsSchema,
  /** Why the crawl failed, in English. */
  error: z.string().nullable(),
  /** Why the crawl failed, as a code the web app says in the owner's language. */
  problem: websiteProblemSchema.nullable(),
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
