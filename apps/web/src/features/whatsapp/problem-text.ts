import type { WhatsappProblem } from '@sparks/contract';
import type { TFunction } from 'i18next';

/**
 * A problem with Meta in the owner's language: each kind the product knows has its own words;
 * anything else is Meta's own message, which only Meta can word.
 */
export function problemText(t: TFunction, problem: WhatsappProblem): string {
  return problem.kind === 'meta' ? problem.message : t(`whatsapp.problems.${problem.kind}`);
}
