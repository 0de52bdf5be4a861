import type { Role } from '@sparks/contract';

/** Who is asking: the signed-in member and the tenant they act for. Set by the auth plugin as `request.caller`. */
export interface Caller {
  tenantId: string;
  userId: string;
}

/**
 * A caller with the session they signed in with and their role in the account: what ends with that
 * session, or with that role (an open live stream), is kept by it.
 */
export interface CallerSession extends Caller {
  sessionId: string;
  role: Role;
}
