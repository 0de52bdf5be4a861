import { chatTurnSchema, systemTurnSchema, testChatAnswerSchema, type ChatTurn } from '@sparks/contract';

/**
 * One shape for every kind of turn: the builder answers {conversationId, messages}, a system topic
 * {sessionId, messages}, a test chat {conversationId, ai}. Throws when the answer is none of them,
 * which the chat shows as a failure.
 */
export function toChatTurn(data: unknown): ChatTurn {
  const builder = chatTurnSchema.safeParse(data);
  if (builder.success) return builder.data;
  const system = systemTurnSchema.safeParse(data);
  if (system.success) return { conversationId: system.data.sessionId, messages: system.data.messages };
  const test = testChatAnswerSchema.parse(data);
  return { conversationId: test.conversationId, messages: [test.ai] };
}
