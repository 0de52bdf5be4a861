import type { ChatMessage, Citation } from '@sparks/contract';
import type { ReactNode } from 'react';

/**
 * What a screen may add to the answers of a chat without the chat knowing where it comes from
 * (features never import each other; the route composes them).
 */
export interface AnswerSlots {
  /** The body of a citation's preview (the whole passage); without it the preview shows the cited excerpt. */
  citationPassage?: (citation: Citation) => ReactNode;
  /** Shown under an answer: the test chat's "Why this answer?". */
  details?: (message: ChatMessage) => ReactNode;
  /**
   * A card that shows account or Spark state names what it shows (`live`: 'profile', 'plan', or
   * 'embed' with the card's `sparkId`); the screen draws it from the same live queries as the rest
   * of the app, so it always shows now. Null leaves the card as it was stored.
   */
  liveCard?: (kind: string, data: Readonly<Record<string, unknown>>) => ReactNode | null;
  /**
   * Why an uploaded document could not be read, when it could not: its builder answer then says
   * so and offers nothing to do with it. Null while it is read or once it is ready.
   */
  documentFailure?: (documentId: string) => string | null;
}
