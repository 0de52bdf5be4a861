/** Stable error codes carried by every failure body; clients branch on these, never on text. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_JSON: 'INVALID_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** An upload with no bytes: nothing to read, so nothing is kept. */
  EMPTY_FILE: 'EMPTY_FILE',
  /** An upload whose bytes are not what its name (or type) says, such as text named .pdf: 415, the body's `mismatch` says both. */
  FILE_TYPE_MISMATCH: 'FILE_TYPE_MISMATCH',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  /** A website widget's daily cap (per visitor or per Spark) is reached: come back tomorrow. */
  DAILY_LIMIT_REACHED: 'DAILY_LIMIT_REACHED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
  USER_EXISTS: 'USER_EXISTS',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  NOT_VERIFIED: 'NOT_VERIFIED',
  WRONG_CREDENTIALS: 'WRONG_CREDENTIALS',
  INVALID_CODE: 'INVALID_CODE',
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** An access token that is expired, forged or belongs to an ended session: the client refreshes once on 403. */
  TOKEN_INVALID: 'TOKEN_INVALID',
  /** A refresh, reset or one-time token that cannot be used (unknown, used, expired, superseded). */
  GRANT_INVALID: 'GRANT_INVALID',
  PROVIDER_NOT_CONFIGURED: 'PROVIDER_NOT_CONFIGURED',
  /** A count limit of the plan is reached (Sparks, documents, websites, libraries): always 402, the answer is a bigger plan. */
  LIMIT_REACHED: 'LIMIT_REACHED',
  /** A count the product itself sets is reached (5 tests per Spark, saved test cases): always 409, whatever the plan. */
  COLLECTION_FULL: 'COLLECTION_FULL',
  /** The free trial has ended: paid actions wait for a plan (product.md §2 trial-complete popup). */
  TRIAL_ENDED: 'TRIAL_ENDED',
  /** The tenant is inactive: everything but billing and logging out is blocked (product.md §4). */
  TENANT_INACTIVE: 'TENANT_INACTIVE',
  /** The language model failed, timed out or answered something unreadable; the conversation is unchanged. */
  MODEL_UNAVAILABLE: 'MODEL_UNAVAILABLE',
  /** The website is not among the Spark's allowed origins (or it has none yet): the widget stays off. */
  ORIGIN_NOT_ALLOWED: 'ORIGIN_NOT_ALLOWED',
  /** The document library refused the stored consent (revoked or expired): the user connects again. */
  RECONNECT_REQUIRED: 'RECONNECT_REQUIRED',
  /** An action that changes something (a booking, details sent) was not confirmed by the visitor: always 409, they confirm and send again. */
  CONFIRMATION_REQUIRED: 'CONFIRMATION_REQUIRED',
  /** An invitation link that cannot be used (already used, withdrawn or expired): always 410, the inviter sends a new one. */
  INVITATION_INVALID: 'INVITATION_INVALID',
  /** An API key that is unknown, revoked or expired, or whose creator left the account: always 401, a new key is needed. */
  API_KEY_INVALID: 'API_KEY_INVALID',
  /** An API key sent to a route no key may call, or one its scopes or Sparks do not open: always 403. */
  API_KEY_NOT_ALLOWED: 'API_KEY_NOT_ALLOWED',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
