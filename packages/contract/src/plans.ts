import { DAY_MS, LIMITS, TRIAL_DAYS } from './constants.js';

export const PLAN_SLUGS = ['free', 'ruby', 'emerald', 'zaphire'] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];

export interface PlanLimits {
  sparks: number;
  documents: number;
  documentMaxMegabytes: number;
  integrations: number;
  interactionsPerMonth: number;
  deployments: number;
  /** Pages without a text layer (scans, photos) read by OCR in one document; the rest are reported, not read. */
  ocrPagesPerDocument: number;
  /** Websites read as knowledge, across the account's Sparks (docs/decisions/0028). */
  sites: number;
  /** Pages and linked documents read from one website. */
  pagesPerSite: number;
  /** People in the account, its owner included, and invitations still open; null: no limit. */
  seats: number | null;
  /** Actions one Spark may have (docs/decisions/0042). */
  actions: number;
  /** API keys in use (neither revoked nor expired) in the account (docs/decisions/0043). */
  apiKeys: number;
}

export interface Plan {
  slug: PlanSlug;
  /** Product name as the client compares it (product.md §6: 'Free Plan', 'Ruby', 'Emerald', 'zaphire'). */
  productName: string;
  /** Monthly price in euro cents; null for the trial. */
  unitAmount: number | null;
  currency: 'eur';
  limits: PlanLimits;
}

/**
 * One size limit for a document on every plan, the one upload enforces (product.md §5: 10 MB); the
 * spec's plan copy said 5 MB, which nothing enforced (docs/spec-deviations.md).
 */
const PAID_DOCUMENTS = { sparks: 5, documents: 10, documentMaxMegabytes: LIMITS.uploadMaxMegabytes } as const;

/**
 * Scanned pages read per document. OCR takes one to three seconds a page on one core, so the
 * trial reads a short scan in full while a 600-page scan cannot hold a reader for minutes; paid
 * plans read longer scans, always within the reading time budget (docs/decisions/0023).
 */
const OCR_PAGES = { free: 20, ruby: 60, emerald: 100, zaphire: 150 } as const;

/**
 * Websites read as knowledge and pages read from each (docs/decisions/0028): the trial reads one
 * small site whole, so an owner sees what it gives before paying; a bakery's or a shop's site fits
 * the first paid plan, a catalogue the larger ones.
 */
const SITES = {
  free: { sites: 1, pagesPerSite: 25 },
  ruby: { sites: 2, pagesPerSite: 100 },
  emerald: { sites: 5, pagesPerSite: 250 },
  zaphire: { sites: 10, pagesPerSite: 500 },
} as const;

/**
 * Plans of product.md §1/§9. The trial and zaphire limits are not in the spec; the choices are
 * recorded in docs/spec-deviations.md.
 */
export const PLANS: Record<PlanSlug, Plan> = {
  free: {
    slug: 'free',
    productName: 'Free Plan',
    unitAmount: null,
    currency: 'eur',
    // The trial holds fewer documents than the paid plans, so a plan is worth buying (docs/spec-deviations.md).
    limits: {
      ...PAID_DOCUMENTS,
      documents: 3,
      integrations: 0,
      interactionsPerMonth: 600,
      deployments: 1,
      ocrPagesPerDocument: OCR_PAGES.free,
      ...SITES.free,
      seats: 2,
      actions: 3,
      apiKeys: 2,
    },
  },
  ruby: {
    slug: 'ruby',
    productName: 'Ruby',
    unitAmount: 4500,
    currency: 'eur',
    limits: {
      ...PAID_DOCUMENTS,
      integrations: 1,
      interactionsPerMonth: 600,
      deployments: 1,
      ocrPagesPerDocument: OCR_PAGES.ruby,
      ...SITES.ruby,
      seats: 3,
      actions: 5,
      apiKeys: 5,
    },
  },
  emerald: {
    slug: 'emerald',
    productName: 'Emerald',
    unitAmount: 9000,
    currency: 'eur',
    limits: {
      ...PAID_DOCUMENTS,
      integrations: 3,
      interactionsPerMonth: 1500,
      deployments: 3,
      ocrPagesPerDocument: OCR_PAGES.emerald,
      ...SITES.emerald,
      seats: 10,
      actions: 10,
      apiKeys: 10,
    },
  },
  zaphire: {
    slug: 'zaphire',
    productName: 'zaphire',
    unitAmount: 18000,
    currency: 'eur',
    limits: {
      sparks: 10,
      documents: 50,
      documentMaxMegabytes: 10,
      integrations: 5,
      interactionsPerMonth: 5000,
      deployments: 5,
      ocrPagesPerDocument: OCR_PAGES.zaphire,
      ...SITES.zaphire,
      seats: null,
      actions: 20,
      apiKeys: 25,
    },
  },
};

export const FREE_PLAN_NAME = PLANS.free.productName;
export const TRIAL_MS = TRIAL_DAYS * DAY_MS;

/** The spec's upgrade call spells Emerald 'emeral'; both spellings name the same plan. */
export function planFromSlug(slug: string): Plan | undefined {
  const normalised = slug.trim().toLowerCase();
  if (normalised === 'emeral') return PLANS.emerald;
  return (PLAN_SLUGS as readonly string[]).includes(normalised) ? PLANS[normalised as PlanSlug] : undefined;
}
