/** Who is asking: the signed-in owner and the tenant they act for. Set by the auth plugin as `request.caller`. */
export interface Caller {
  tenantId: string;
  userId: string;
}

/** A caller with the session they signed in with: what ends with that session (an open live stream) is kept by it. */
export interface CallerSession extends Caller {
  sessionId: string;
}
