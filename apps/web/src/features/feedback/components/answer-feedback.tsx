import { FEEDBACK_COMMENT_MAX, type ChatMessage, type FeedbackRating } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { LineIcon } from '../../../components/ui/line-icon';
import { useVote } from '../api/use-vote';

const THUMB = 'M7 10v11H4V10h3Zm2 11h8.2a2 2 0 0 0 2-1.6l1.3-7A2 2 0 0 0 18.5 10H14l.7-4.3A1.7 1.7 0 0 0 13 4l-4 6v11Z';

/** Whether a message is an answer to a question (not a welcome or a card): those are what votes are for. */
export const isVotable = (message: ChatMessage): boolean =>
  Boolean(message.id && message.type === 'ai' && message.data.content?.trim() && (message.data.sources || message.data.unanswered || message.data.citations));

/**
 * Thumbs up or down on a test-chat answer, as visitors have in the widget: toggle buttons, one vote
 * per answer, and a short comment after a thumbs down. A thumbs down puts the question in the
 * Spark's knowledge-gap inbox.
 */
export function AnswerFeedback({ sparkId, message }: { sparkId: string; message: ChatMessage }) {
  const { t } = useTranslation();
  const vote = useVote(sparkId, message.id ?? '');
  const [rating, setRating] = useState<FeedbackRating | null>(message.feedback?.rating ?? null);
  const [comment, setComment] = useState(message.feedback?.comment ?? '');
  const [status, setStatus] = useState('');
  const commentId = useId();

  const choose = (next: FeedbackRating) => {
    const previous = rating;
    const chosen = rating === next ? null : next;
    setRating(chosen);
    vote.mutate(
      { rating: chosen },
      {
        onSuccess: () => setStatus(chosen ? t('feedback.thanks') : ''),
        onError: () => {
          setRating(previous);
          setStatus(t('feedback.failed'));
        },
      },
    );
  };
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) return;
    vote.mutate(
      { rating: 'down', comment: comment.trim() },
      { onSuccess: () => setStatus(t('feedback.commentThanks')), onError: () => setStatus(t('feedback.failed')) },
    );
  };

  const thumb = (kind: FeedbackRating) => (
    <button
      type="button"
      aria-pressed={rating === kind}
      aria-label={kind === 'up' ? t('feedback.helpful') : t('feedback.notHelpful')}
      onClick={() => choose(kind)}
      className={`inline-flex size-9 items-center justify-center rounded-lg border transition-colors ${
        rating === kind ? 'border-primary bg-primary-soft text-primary' : 'border-transparent text-muted hover:bg-primary-soft'
      }`}
    >
      <LineIcon d={THUMB} className={`size-4 ${kind === 'down' ? 'rotate-180' : ''}`} strokeWidth={1.8} />
    </button>
  );

  return (
    <div className="space-y-2" data-testid="answer-feedback">
      <div className="flex items-center gap-1">
        {thumb('up')}
        {thumb('down')}
        <span role="status" className="ml-1 text-xs text-muted">
          {status}
        </span>
      </div>
      {rating === 'down' && (
        <form onSubmit={sendComment} className="flex flex-wrap items-end gap-2">
          <label htmlFor={commentId} className="w-full text-xs font-medium text-ink">
            {t('feedback.commentLabel')}
          </label>
          <input
            id={commentId}
            value={comment}
            maxLength={FEEDBACK_COMMENT_MAX}
            onChange={(event) => setComment(event.target.value)}
            className="min-h-9 min-w-0 flex-1 rounded-lg border border-line bg-white px-3 text-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
          />
          <Button variant="ghost" type="submit" className="min-h-9 border border-line" disabled={vote.isPending || !comment.trim()}>
            {t('feedback.sendComment')}
          </Button>
        </form>
      )}
    </div>
  );
}
