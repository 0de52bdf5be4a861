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
    limits: { ...PAID_DOCUMENTS, documents: 3, integrations: 0, interactionsPerMonth: 600, deployments: 1 },
  },
  ruby: {
    slug: 'ruby',
    productName: 'Ruby',
    unitAmount: 4500,
    currency: 'eur',
    limits: { ...PAID_DOCUMENTS, integrations: 1, interactionsPerMonth: 600, deployments: 1 },
  },
  emerald: {
    slug: 'emerald',
    productName: 'Emerald',
    unitAmount: 9000,
    currency: 'eur',
    limits: { ...PAID_DOCUMENTS, integrations: 3, interactionsPerMonth: 1500, deployments: 3 },
  },
  zaphire: {
    slug: 'zaphire',
    productName: 'zaphire',
    unitAmount: 18000,
    currency: 'eur',
    limits: { sparks: 10, documents: 50, documentMaxMegabytes: 10, integrations: 5, interactionsPerMonth: 5000, deployments: 5 },
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
