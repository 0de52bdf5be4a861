/** The request never got an answer: refused, cut, timed out or cancelled. */
export class NoAnswerError extends Error {
  constructor(cause: unknown) {
    super('no answer', { cause });
    this.name = 'NoAnswerError';
  }
}
