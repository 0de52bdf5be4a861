import type { ErrorBody, ErrorCode } from '@sparks/contract';

/** What an error body may carry beside its messages, for the client to word itself. */
export type ErrorDetails = Pick<ErrorBody, 'mismatch'>;

/** An error whose status, code and message are safe to show to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
