import { ERROR_CODES, type ChatMessage } from '@sparks/contract';
import { AppError } from './app-error.js';

/**
 * Only the conversation's latest answer offers an action (docs/decisions/0042): an old form, or an
 * action that was never offered there, runs nothing, whoever sends its id. The answer is every
 * message said since the visitor last wrote (a model's answer may be a form and a sentence).
 */
export function requireOfferedAction(history: readonly ChatMessage[], actionId: string): void {
  const lastHuman = history.findLastIndex((message) => message.type === 'human');
  const answer = history.slice(lastHuman + 1).filter((message) => message.type === 'ai');
  if (!answer.some((message) => (message.data.action as { actionId?: unknown } | undefined)?.actionId === actionId))
    throw new AppError(409, ERROR_CODES.CONFLICT, 'This action is no longer offered here. Ask again to use it.');
}
