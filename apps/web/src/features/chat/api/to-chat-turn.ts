import { chatTurnSchema, testChatAnswerSchema, type ChatTurn } from '@sparks/contract';

/**
 * One shape for both kinds of turn: the builder answers {conversationId, messages}, a test chat
 * {conversationId, ai}. Throws when the answer is neither, which the chat shows as a failure.
 */
export function toChatTurn(data: unknown): ChatTurn {
  const builder = chatTurnSchema.safeParse(data);
  if (builder.success) return builder.data;
  const test = testChatAnswerSchema.parse(data);
  return { conversationId: test.conversationId, messages: [test.ai] };
}
