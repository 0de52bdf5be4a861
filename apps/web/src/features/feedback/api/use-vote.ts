import { testFeedbackRoute, type FeedbackRating } from '@sparks/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** The owner's thumbs on a test-chat answer (null takes it back), with a comment after a thumbs down. */
export function useVote(sparkId: string, messageId: string) {
  return useMutation({
    mutationFn: (vote: { rating: FeedbackRating | null; comment?: string }) =>
      apiCall(testFeedbackRoute, { params: { sparkId }, body: { messageId, rating: vote.rating, ...(vote.comment ? { comment: vote.comment } : {}) } }),
  });
}
