import type { ChatMessage } from '@sparks/contract';

/** What a chat turn yields as it happens: text as it is written, then each finished message. */
export type TurnEvent = { type: 'delta'; text: string } | { type: 'message'; message: ChatMessage };
