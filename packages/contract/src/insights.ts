import { z } from 'zod';

/** The periods a conversation export covers, in days back from now. */
export const EXPORT_PERIOD_DAYS = ['7', '30', '90', '365'] as const;

/** GET /sparks/{sparkId}/conversations/export: which conversations, over which period, in which format. */
export const conversationExportQuerySchema = z
  .object({
    format: z.enum(['csv', 'json']).default('csv'),
    days: z.enum(EXPORT_PERIOD_DAYS, { error: 'must be 7, 30, 90 or 365' }).default('30'),
    /** Website visitors' conversations, the owner's test chats, or both. */
    kinds: z.enum(['widget', 'test', 'all']).default('all'),
  })
  .strict();
export type ConversationExportQuery = z.infer<typeof conversationExportQuerySchema>;

/** One row of an export: one message, with its conversation, time, role, text and the sources it cited. */
export interface ExportedMessage {
  conversationId: string;
  channel: 'widget' | 'test';
  time: string;
  role: 'visitor' | 'owner' | 'spark';
  text: string;
  /** "returns.pdf p. 2; guide.pdf" */
  citations: string;
}
