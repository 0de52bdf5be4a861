import { PLANS, planFromSlug, type Language, type ProfilePatch, type Role, type User } from '@sparks/contract';
import { AppError } from '../../lib/app-error.js';
import type { AccountDeps } from './account-deps.js';
import { UsersRepository, type TenantRow, type UserRow } from './users-repository.js';

function tenantView(tenant: TenantRow & { role: Role; account: string; handoffEmails: boolean }): User['tenants'][number] {
  const plan = planFromSlug(tenant.planSlug) ?? PLANS.free;
  const value = (n: number) => ({ value: n });
  return {
    _id: tenant.id,
    role: tenant.role,
    account: tenant.account,
    handoffEmails: tenant.handoffEmails,
    status: tenant.status === 'inactive' ? 'inactive' : 'active',
    customerId: tenant.customerId,
    subscription: {
      productName: plan.productName,
      planSlug: plan.slug,
      subscriptionId: tenant.subscriptionId,
      trialEndsAt: tenant.trialEndsAt?.toISOString() ?? null,
      limits: {
        sparks: value(plan.limits.sparks),
        documents: value(plan.limits.documents),
        integrations: value(plan.limits.integrations),
        interactions: value(plan.limits.interactionsPerMonth),
        deployments: value(plan.limits.deployments),
      },
    },
  };
}

export function userView(user: UserRow, tenants: Array<TenantRow & { role: Role; account: string; handoffEmails: boolean }>): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    config: { language: user.language as Language },
    tenants: tenants.map(tenantView),
  };
}

export class ProfileService {
  private readonly users: UsersRepository;

  constructor(deps: Pick<AccountDeps, 'db'>) {
    this.users = new UsersRepository(deps.db);
  }

  /** The user with the accounts they belong to; the one they act for first (the spec's active tenant). */
  async get(userId: string, activeTenantId?: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(404, 'NOT_FOUND', 'User not found');
    const tenants = await this.users.tenantsOf(userId);
    const active = tenants.filter((tenant) => tenant.id === activeTenantId);
    return userView(user, [...active, ...tenants.filter((tenant) => tenant.id !== activeTenantId)]);
  }

  /** Only the fields of the patch schema reach the database; tenant, plan and ids are not writable here. */
  async update(userId: string, patch: ProfilePatch, activeTenantId?: string): Promise<User> {
    const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);
    await this.users.update(userId, {
      firstname: blankToNull(patch.firstname),
      lastname: blankToNull(patch.lastname),
      phone: blankToNull(patch.phone),
      language: patch.config?.language,
    });
    return this.get(userId, activeTenantId);
  }
}
