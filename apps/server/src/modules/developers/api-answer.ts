import type { AskAnswer, ChatMessage } from '@sparks/contract';
import { widgetMessage } from '../../lib/widget-message.js';

/**
 * A turn's messages as a developer reads the answer: the Spark's last message, with what it said
 * before it in the same turn (an action's reply before a model's closing sentence) joined on, the
 * way every channel that sends whole messages sends one reply.
 */
export function apiAnswer(conversationId: string, messages: readonly ChatMessage[]): AskAnswer {
  const said = messages.flatMap((message) => widgetMessage(message) ?? []).filter((message) => message.role === 'spark');
  const last = said.at(-1) ?? null;
  const answer = last && said.length > 1 ? { ...last, content: said.map((message) => message.content).join('\n\n') } : last;
  return {
    conversationId,
    answer,
    unanswered: messages.some((message) => message.data.unanswered === true),
    askedForPerson: messages.some((message) => message.data.asksForPerson === true),
  };
}
