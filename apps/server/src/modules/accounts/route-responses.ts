import { errorBodySchema } from '@sparks/contract';

/** Failure responses every account route can give, for the OpenAPI document and serialisation. */
export const accountErrorResponses = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

export const tooManyAttempts = (seconds: number): string => `Too many attempts. Please wait ${seconds} seconds and try again.`;
