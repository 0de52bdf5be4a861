import type { MessagingPlatform, MessagingProblem } from '@sparks/contract';
import type { TFunction } from 'i18next';

/**
 * A problem with Meta or Telegram in the owner's language: each kind the product knows has its own
 * words per platform (what to do differs: a Page token is generated again, a bot token comes from
 * BotFather); anything else is the platform's own message, which only the platform can word.
 */
export function problemText(t: TFunction, platform: MessagingPlatform, problem: MessagingProblem): string {
  return problem.kind === 'platform' ? problem.message : t(`messaging.${platform}.problems.${problem.kind}`);
}
