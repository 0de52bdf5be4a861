import type { ApiKeyScope } from '@sparks/contract';
import type { Caller } from './caller.js';

/** A request made with an API key: it acts for the key's account as the member who created it, within the key's scopes and Sparks. */
export interface ApiKeyCaller extends Caller {
  keyId: string;
  /** The key's visible first characters, for the audit log. */
  prefix: string;
  scopes: readonly ApiKeyScope[];
  /** Null: every Spark of the account. */
  sparkIds: readonly string[] | null;
  tenantStatus: string;
}
