/**
 * The roles a member of an account holds and what each may do: the one table the server's policy
 * decides by (deny by default) and the web app hides what a role cannot use by. Roles are not a
 * ladder: an agent handles live conversations an editor does not, an editor builds what an agent
 * only reads.
 */
export const ROLES = ['owner', 'admin', 'editor', 'agent', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an invitation or a role change may give: ownership passes only by a transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'agent', 'viewer'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const PERMISSIONS = [
  /** See Sparks, their documents, websites, tests and deploy settings. */
  'sparks.read',
  /** Build Sparks: create, rename, delete; instructions, documents, websites, SharePoint, tests, deploy, WhatsApp. */
  'sparks.edit',
  /** Read visitors' conversations: Live, the conversation list and its export. */
  'conversations.read',
  /** Take over a live conversation, write in it, hand it back; answer or close visitors' requests. */
  'live.handle',
  /** Work the knowledge-gap inbox: answer, resolve and check gaps, edit owner answers, save an answer from Live. */
  'gaps.handle',
  /** Read a Spark's insights and feedback figures. */
  'insights.read',
  /** Choose a plan, pay, open the billing portal. */
  'billing.manage',
  /** Invite, remove and change the role of members. */
  'team.manage',
  /** Read and export the audit log. */
  'audit.read',
  /** Create and revoke the account's API keys (docs/decisions/0043). */
  'developers.manage',
  /** Pass the account's ownership to another member, or delete the account. */
  'account.own',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ALL,
  admin: ALL.filter((permission) => permission !== 'billing.manage' && permission !== 'account.own'),
  editor: ['sparks.read', 'sparks.edit', 'insights.read'],
  agent: ['sparks.read', 'conversations.read', 'live.handle', 'gaps.handle', 'insights.read'],
  viewer: ['sparks.read', 'conversations.read', 'insights.read'],
};

/** Whether a role may do what a permission names; an unknown role may do nothing. */
export function roleAllows(role: string, permission: Permission): boolean {
  return (ROLES as readonly string[]).includes(role) && ROLE_PERMISSIONS[role as Role].includes(permission);
}
