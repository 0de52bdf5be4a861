import type { ActionOffer, ChatMessage, Language } from '@sparks/contract';
import { offeredValueProblem } from '@sparks/contract/offered-value-problem';
import { aiMessage } from './chat-messages.js';
import { foldAccents } from './fold-text.js';
import { latestAnswer } from './latest-answer.js';

/** What the latest answer asks for when it waits for the visitor's confirmation rather than an input. */
const CONFIRMING = '__confirm';

/** Where an action offered on a channel without forms stands (decision 0042): one question per missing input, then a confirmation or the run. */
export type ActionStep =
  | { kind: 'ask'; offer: ActionOffer; asking: string; first: boolean }
  | { kind: 'confirm'; offer: ActionOffer }
  | { kind: 'run'; offer: ActionOffer; confirmed: boolean }
  | { kind: 'cancel' };

/** Replies that confirm, in both languages; anything else cancels. */
const YES = new Set(['yes', 'y', 'yeah', 'ok', 'okay', 'confirm', 'si', 'vale', 'confirmo', 'confirmar', 'claro']);

const TEXTS: Record<
  Language,
  { first: (name: string, label: string) => string; next: (label: string) => string; confirm: (name: string) => string; reply: string; cancelled: string }
> = {
  en: {
    first: (name, label) => `I can help with that: ${name}. Please send me: ${label}.`,
    next: (label) => `Thanks. Now send me: ${label}.`,
    confirm: (name) => `Please confirm: ${name}`,
    reply: 'Reply YES to confirm, or anything else to cancel.',
    cancelled: 'Cancelled: nothing was sent.',
  },
  es: {
    first: (name, label) => `Puedo ayudarte con eso: ${name}. Envíame: ${label}.`,
    next: (label) => `Gracias. Ahora envíame: ${label}.`,
    confirm: (name) => `Confirma, por favor: ${name}`,
    reply: 'Responde SÍ para confirmar, o cualquier otra cosa para cancelar.',
    cancelled: 'Cancelado: no se ha enviado nada.',
  },
};

/** After the values so far: the next required input missing, the confirmation of a change, or the run. */
export function nextStep(offer: ActionOffer, first = false): ActionStep {
  const missing = offer.inputs.find((input) => input.required && !offer.values[input.key]);
  if (missing) return { kind: 'ask', offer, asking: missing.key, first };
  return offer.confirm ? { kind: 'confirm', offer } : { kind: 'run', offer, confirmed: false };
}

/** The question the conversation's latest answer asked for an action, if it asked one (a model's answer may add a sentence after it). */
export function pendingQuestion(history: readonly ChatMessage[]): { offer: ActionOffer; asking: string } | null {
  const last = latestAnswer(history).findLast((message) => typeof message.data.actionAsking === 'string');
  const asking = last?.data.actionAsking;
  const offer = last?.data.action as ActionOffer | undefined;
  return typeof asking === 'string' && offer?.actionId ? { offer, asking } : null;
}

/**
 * The visitor's reply to that question: the value it asked for (then what comes next), a yes or a
 * no to a confirmation, or null when the reply is not an answer to it (a value of the wrong type,
 * or a question of its own), which is then answered as any question is.
 */
export function answerStep({ offer, asking }: { offer: ActionOffer; asking: string }, text: string): ActionStep | null {
  const reply = text.trim();
  if (asking === CONFIRMING) {
    const word = foldAccents(reply.toLowerCase()).match(/^\p{L}+/u)?.[0] ?? '';
    return YES.has(word) ? { kind: 'run', offer, confirmed: true } : { kind: 'cancel' };
  }
  const input = offer.inputs.find((candidate) => candidate.key === asking);
  if (!input || reply.endsWith('?') || offeredValueProblem(input, reply) !== null) return null;
  return nextStep({ ...offer, values: { ...offer.values, [input.key]: reply } });
}

/** What the Spark says for a step that waits on the visitor, carrying the state for their next reply. */
export function stepMessage(step: Exclude<ActionStep, { kind: 'run' }>, language: Language): ChatMessage {
  const texts = TEXTS[language];
  if (step.kind === 'cancel') return aiMessage({ content: texts.cancelled });
  const { offer } = step;
  if (step.kind === 'confirm') {
    const lines = offer.inputs.flatMap((input) => (offer.values[input.key] ? [`${input.label}: ${offer.values[input.key]}`] : []));
    return aiMessage({ content: [texts.confirm(offer.name), ...lines, texts.reply].join('\n'), action: offer, actionAsking: CONFIRMING });
  }
  const label = offer.inputs.find((input) => input.key === step.asking)?.label ?? step.asking;
  return aiMessage({ content: step.first ? texts.first(offer.name, label) : texts.next(label), action: offer, actionAsking: step.asking });
}
