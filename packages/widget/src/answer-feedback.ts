import type { FeedbackRating } from '@sparks/contract';
import { element } from './widget-element';
import type { FrameTexts } from './widget-texts';

/** Sends a vote (null takes it back) and answers whether it was kept. */
export type SendVote = (rating: FeedbackRating | null, comment?: string) => Promise<boolean>;

const THUMB = 'M7 10v11H4V10h3Zm2 11h8.2a2 2 0 0 0 2-1.6l1.3-7A2 2 0 0 0 18.5 10H14l.7-4.3A1.7 1.7 0 0 0 13 4l-4 6v11Z';

function thumb(label: string, down: boolean): HTMLButtonElement {
  const button = element('button', `vote${down ? ' down' : ''}`);
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-pressed', 'false');
  button.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${THUMB}" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/></svg>`;
  return button;
}

/**
 * Thumbs up and down under an answer, toggle buttons a screen reader announces as pressed; after a
 * thumbs down, an optional short comment. One vote per answer: pressing the other changes it,
 * pressing the same one again takes it back.
 */
export function answerFeedback(texts: FrameTexts, current: FeedbackRating | undefined, send: SendVote): HTMLElement {
  const box = element('div', 'feedback');
  const up = thumb(texts.feedback.helpful, false);
  const down = thumb(texts.feedback.notHelpful, true);
  const status = element('span', 'feedback-status');
  status.setAttribute('role', 'status');
  let rating: FeedbackRating | null = current ?? null;
  const paint = () => {
    up.setAttribute('aria-pressed', String(rating === 'up'));
    down.setAttribute('aria-pressed', String(rating === 'down'));
  };
  paint();

  const commentForm = element('form', 'comment');
  commentForm.hidden = true;
  const commentLabel = element('label', undefined, texts.feedback.commentLabel);
  const comment = element('textarea');
  comment.maxLength = 500;
  comment.rows = 2;
  commentLabel.append(comment);
  const submit = element('button', 'small', texts.feedback.sendComment);
  submit.type = 'submit';
  commentForm.append(commentLabel, submit);

  const choose = async (next: FeedbackRating) => {
    const previous = rating;
    rating = rating === next ? null : next;
    paint();
    if (!(await send(rating))) {
      rating = previous;
      paint();
      status.textContent = texts.feedback.failed;
      return;
    }
    status.textContent = rating ? texts.feedback.thanks : '';
    commentForm.hidden = rating !== 'down';
    if (rating === 'down') comment.focus();
  };
  up.addEventListener('click', () => void choose('up'));
  down.addEventListener('click', () => void choose('down'));
  commentForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = comment.value.trim();
    if (!text) return;
    submit.disabled = true;
    void send('down', text).then((kept) => {
      submit.disabled = false;
      status.textContent = kept ? texts.feedback.commentThanks : texts.feedback.failed;
      if (kept) commentForm.hidden = true;
    });
  });
  box.append(up, down, status, commentForm);
  return box;
}
