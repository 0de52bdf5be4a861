import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  DAY_MS,
  ERROR_CODES,
  type ApiKey,
  type ApiKeyList,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@sparks/contract';
import type { Caller } from '../../auth/caller.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { PlanService } from '../billing/plan-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { ApiKeysRepository, type ApiKeyRow } from './api-keys-repository.js';

export interface ApiKeysDeps {
  db: Db;
  plans: PlanService;
  sparks: SparksService;
}

const keyView = (row: ApiKeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  sparkIds: row.sparkIds ?? null,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.creatorEmail,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * An account's API keys (docs/decisions/0043): created with a name, scopes, the Sparks they may use
 * and an expiry; the secret is shown once and kept as a hash; revoking is for good. The policy
 * that admits a key's requests is in the auth plugin (`auth/api-key-verifier.ts`).
 */
export class ApiKeysService {
  private readonly keys: ApiKeysRepository;

  constructor(private readonly deps: ApiKeysDeps) {
    this.keys = new ApiKeysRepository(deps.db);
  }

  async list(tenantId: string): Promise<ApiKeyList> {
    const [rows, used, limit] = await Promise.all([this.keys.ofTenant(tenantId), this.keys.inUse(tenantId), this.limitOf(tenantId)]);
    return { keys: rows.map(keyView), allowance: { used, limit } };
  }

  async create(caller: Caller, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    const limit = await this.limitOf(caller.tenantId);
    if ((await this.keys.inUse(caller.tenantId)) >= limit)
      throw new AppError(402, ERROR_CODES.LIMIT_REACHED, `Your plan includes ${limit} API keys, and all are in use. Revoke one, or choose a bigger plan.`);
    const sparkIds = body.sparkIds ? [...new Set(body.sparkIds)] : null;
    // A Spark of another account answers as a missing one.
    for (const sparkId of sparkIds ?? []) await this.deps.sparks.get(caller.tenantId, sparkId);
    const secret = `${API_KEY_PREFIX}${randomToken(24)}`;
    const row = await this.keys.insert({
      tenantId: caller.tenantId,
      createdBy: caller.userId,
      name: body.name,
      prefix: secret.slice(0, API_KEY_SHOWN_CHARS),
      secretHash: sha256(secret),
      scopes: body.scopes,
      sparkIds,
      expiresAt: body.expiresInDays ? new Date(Date.now() + body.expiresInDays * DAY_MS) : null,
    });
    await recordAudit(this.deps.db, {
      tenantId: caller.tenantId,
      actorUserId: caller.userId,
      kind: 'api-key.created',
      detail: { name: row.name, key: row.prefix },
    });
    return { key: keyView(row), secret };
  }

  async revoke(caller: Caller, keyId: string): Promise<void> {
    if (!(await this.keys.revoke(caller.tenantId, keyId))) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'API key not found');
    await recordAudit(this.deps.db, { tenantId: caller.tenantId, actorUserId: caller.userId, kind: 'api-key.revoked', detail: { keyId } });
  }

  private async limitOf(tenantId: string): Promise<number> {
    return (await this.deps.plans.planOf(tenantId)).plan.limits.apiKeys;
  }
}
