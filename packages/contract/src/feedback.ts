import { z } from 'zod';
import { plainText } from './auth.js';
import { dataEnvelope } from './envelope.js';

/** Longest comment a visitor may leave with a thumbs down. */
export const FEEDBACK_COMMENT_MAX = 500;

export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/**
 * A thumbs up or down on one answer, and a short comment after a thumbs down. One vote per answer:
 * sending another changes it, and a null rating takes it back.
 */
export const feedbackBodySchema = z
  .object({
    messageId: z.uuid({ error: 'must be a message id' }),
    rating: z.enum(FEEDBACK_RATINGS, { error: 'must be up, down or null' }).nullable(),
    comment: plainText().pipe(z.string().trim().max(FEEDBACK_COMMENT_MAX)).optional(),
  })
  .strict();
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const messageFeedbackSchema = z.object({ rating: z.enum(FEEDBACK_RATINGS), comment: z.string().optional() });
export type MessageFeedback = z.infer<typeof messageFeedbackSchema>;

export const feedbackResultSchema = z.object({ messageId: z.string(), feedback: messageFeedbackSchema.nullable() });
export const feedbackResponseSchema = dataEnvelope(feedbackResultSchema);
