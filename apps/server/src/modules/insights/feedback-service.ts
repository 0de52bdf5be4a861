import type { AccountEvents } from '../../lib/account-events.js';
import { ERROR_CODES, TEST_START_MESSAGE, type FeedbackBody, type MessageFeedback } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { FeedbackRepository, type VoteTarget } from './feedback-repository.js';
import type { GapsService } from './gaps-service.js';

/** Who votes: a website visitor on their own conversation, or the owner on a test chat of their Spark. */
export type Voter = { kind: 'visitor'; sparkId: string; visitorHash: string } | { kind: 'owner'; tenantId: string; sparkId: string };

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Message not found');

const mayVote = (voter: Voter, target: VoteTarget): boolean =>
  voter.kind === 'visitor'
    ? target.kind === 'widget' && target.sparkId === voter.sparkId && target.visitorHash === voter.visitorHash
    : target.kind === 'test' && target.sparkId === voter.sparkId && target.tenantId === voter.tenantId;

/**
 * Thumbs up or down on answers. A thumbs down sends the question to the knowledge-gap inbox (with
 * its comment); changing the vote takes that back, so the inbox counts what voters think now.
 */
export class FeedbackService {
  private readonly repository: FeedbackRepository;

  constructor(
    db: Db,
    private readonly gaps: GapsService,
    /** Where a visitor's vote is announced (webhooks); the team's votes in test chats are not. */
    private readonly events: AccountEvents,
  ) {
    this.repository = new FeedbackRepository(db);
  }

  async vote(voter: Voter, body: FeedbackBody): Promise<{ messageId: string; feedback: MessageFeedback | null }> {
    const target = await this.repository.target(body.messageId);
    // Someone else's answer, or no answer at all, is simply not found.
    if (!target || !mayVote(voter, target)) throw notFound();
    const comment = body.rating === 'down' && body.comment ? body.comment : null;
    if (body.rating) await this.repository.set(target, body.rating, comment);
    else await this.repository.remove(target.messageId);
    const question = target.question && target.question.trim().toLowerCase() !== TEST_START_MESSAGE ? target.question : null;
    if (question) {
      const wasDown = target.rating === 'down';
      const isDown = body.rating === 'down';
      // A second thumbs down on the same answer only brings its new comment.
      if (isDown && (!wasDown || comment)) await this.gaps.noteThumbsDown(target.tenantId, target.sparkId, question, comment, wasDown ? 0 : 1);
      else if (wasDown && !isDown) await this.gaps.withdrawThumbsDown(target.sparkId, question);
    }
    if (voter.kind === 'visitor' && body.rating)
      await this.events.announce({
        tenantId: target.tenantId,
        event: 'feedback.given',
        data: { sparkId: target.sparkId, messageId: target.messageId, rating: body.rating, comment, question },
      });
    return { messageId: target.messageId, feedback: body.rating ? { rating: body.rating, ...(comment ? { comment } : {}) } : null };
  }
}
