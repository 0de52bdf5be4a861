import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@sparks/contract';

// Ids are made here rather than by the database so a streamed answer can name itself (a thumbs up or down) before it is stored.

/** A message the person wrote, stamped now. */
export const humanMessage = (content: string): ChatMessage => ({ id: randomUUID(), type: 'human', data: { content }, createdAt: new Date().toISOString() });

/** A message the assistant or a Spark says (text or a card), stamped now. */
export const aiMessage = (data: ChatMessage['data']): ChatMessage => ({ id: randomUUID(), type: 'ai', data, createdAt: new Date().toISOString() });
