import type { ErrorCode } from '@sparks/contract';

/** An error whose status, code and message are safe to show to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
