import { ERROR_CODES, type ChatMessage } from '@sparks/contract';
import { AppError } from './app-error.js';
import { latestAnswer } from './latest-answer.js';

/**
 * Only the conversation's latest answer offers an action (docs/decisions/0042): an old form, or an
 * action that was never offered there, runs nothing, whoever sends its id.
 */
export function requireOfferedAction(history: readonly ChatMessage[], actionId: string): void {
  if (!latestAnswer(history).some((message) => (message.data.action as { actionId?: unknown } | undefined)?.actionId === actionId))
    throw new AppError(409, ERROR_CODES.CONFLICT, 'This action is no longer offered here. Ask again to use it.');
}
