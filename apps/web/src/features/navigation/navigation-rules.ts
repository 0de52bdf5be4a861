import { BREAKPOINTS, FREE_PLAN_NAME, LIMITS, roleAllows, type Permission, type User } from '@sparks/contract';

export interface NavEntry {
  id: number;
  title: string;
  path: string;
}

/** product.md §2 navigation entries; the title is also the i18n key under `nav.`. settings has no id in the spec. */
export const NAV_ENTRIES: NavEntry[] = [
  { id: 4, title: 'settings', path: '/settings' },
  { id: 3, title: 'billing', path: '/billing' },
  { id: 2, title: 'deploy', path: '/deploy' },
  { id: 1, title: 'new-spark', path: '/new-spark' },
  { id: 5, title: 'profile-menu', path: '/profile' },
  { id: 6, title: 'main_chat', path: '/' },
  { id: 7, title: 'onBoarding', path: '/onBoarding' },
];

const HIDDEN_IDS = new Set([5, 6, 7]);

/** Whether the signed-in user's role in the account they act for (the first) allows this. */
export function roleCan(user: Pick<User, 'tenants'> | undefined, permission: Permission): boolean {
  const role = user?.tenants[0]?.role;
  return role !== undefined && roleAllows(role, permission);
}

/** What a menu entry's screen lets one do: the guiding assistants build and deploy, billing pays; settings are anyone's own. */
const ENTRY_PERMISSION: Record<string, Permission> = {
  billing: 'billing.manage',
  deploy: 'sparks.edit',
  'new-spark': 'sparks.edit',
};

/** The entries the menu shows (ids 5, 6 and 7 are hidden), those the user's role has no use for left out. */
export const visibleEntries = (user?: Pick<User, 'tenants'>): NavEntry[] =>
  NAV_ENTRIES.filter((entry) => !HIDDEN_IDS.has(entry.id)).filter((entry) => {
    const needed = ENTRY_PERMISSION[entry.title];
    return !user || !needed || roleCan(user, needed);
  });

/** product.md §2: the deploy entry is dimmed and not clickable when the deployments limit is 0. */
export function isEntryDisabled(entry: NavEntry, user: Pick<User, 'tenants'> | undefined): boolean {
  return entry.title === 'deploy' && user?.tenants[0]?.subscription.limits.deployments.value === 0;
}

/** First plus last name, else the username cut to 10 characters at mid-width desktop or 15 elsewhere. */
export function profileDisplayName(user: Pick<User, 'firstname' | 'lastname' | 'username'>, windowWidth: number): string {
  const full = [user.firstname, user.lastname]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  if (full) return full;
  const midWidth = windowWidth >= BREAKPOINTS.desktop && windowWidth <= BREAKPOINTS.midRangeMax;
  const cut = midWidth ? LIMITS.usernameCutMidDesktop : LIMITS.usernameCut;
  return user.username.length > cut ? `${user.username.slice(0, cut)}...` : user.username;
}

/** 'Free Trial' for the Free Plan, else the plan's name (product.md §2). */
export function planLabel(user: Pick<User, 'tenants'> | undefined): { label: string; isFree: boolean } {
  const productName = user?.tenants[0]?.subscription.productName ?? FREE_PLAN_NAME;
  return productName === FREE_PLAN_NAME ? { label: 'Free Trial', isFree: true } : { label: productName, isFree: false };
}

/** Screens that are one live chat filling the page: a Spark's builder and test chats, its Live view, and the menu assistants. */
const CHAT_ROUTE =
  /^\/(?:spark\/(?!onboarding\/?$)[^/]+(?:\/(?:test|live)(?:\/[^/]+)?)?|mobile-test\/[^/]+\/[^/]+|settings|billing|deploy|profile|new-spark)\/?$/;

/**
 * On a phone these screens give the conversation the whole height: no footer and no floating New Spark
 * button under the message box (the menu still has New Spark).
 */
export const isChatRoute = (pathname: string): boolean => CHAT_ROUTE.test(pathname);
