/** Who is asking: the signed-in owner and the tenant they act for. Set by the auth plugin as `request.caller`. */
export interface Caller {
  tenantId: string;
  userId: string;
}
