import { PLANS, planFromSlug, type Language, type ProfilePatch, type User } from '@sparks/contract';
import { AppError } from '../../lib/app-error.js';
import type { AccountDeps } from './account-deps.js';
import { UsersRepository, type TenantRow, type UserRow } from './users-repository.js';

function tenantView(tenant: TenantRow): User['tenants'][number] {
  const plan = planFromSlug(tenant.planSlug) ?? PLANS.free;
  const value = (n: number) => ({ value: n });
  return {
    _id: tenant.id,
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

export function userView(user: UserRow, tenants: TenantRow[]): User {
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

  async get(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(404, 'NOT_FOUND', 'User not found');
    return userView(user, await this.users.tenantsOf(userId));
  }

  /** Only the fields of the patch schema reach the database; tenant, plan and ids are not writable here. */
  async update(userId: string, patch: ProfilePatch): Promise<User> {
    const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);
    await this.users.update(userId, {
      firstname: blankToNull(patch.firstname),
      lastname: blankToNull(patch.lastname),
      phone: blankToNull(patch.phone),
      language: patch.config?.language,
    });
    return this.get(userId);
  }
}
