import { MESSAGE_MAX_CHARS } from '@sparks/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../components/ui/line-icon';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (text: string) => void;
  /** While a turn is being answered the send button waits; Enter keeps the text to send right after. */
  busy: boolean;
  /** Where the attach menu goes on Spark chats (added with document uploads). */
  attachMenu?: ReactNode;
  /** The input appeared because a question waits for an answer: the caret goes there at once. */
  autoFocus?: boolean;
}

/** Shown from this many characters on, so the limit is no surprise. */
const COUNTER_FROM = MESSAGE_MAX_CHARS - 500;

/** The message input (product.md §2): Enter sends, Shift+Enter starts a new line, the send button waits for the answer. */
export function Composer({ value, onChange, onSubmit, busy, attachMenu, autoFocus = false }: ComposerProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const counterId = useId();
  // Enter pressed while the last answer is still arriving: the text waits in the box and goes after it.
  const [queued, setQueued] = useState(false);
  const canSend = !busy && value.trim() !== '';
  const submit = () => {
    if (canSend) onSubmit(value.trim());
    else if (busy && value.trim()) setQueued(true);
  };
  useEffect(() => {
    if (busy || !queued) return;
    setQueued(false);
    if (value.trim()) onSubmit(value.trim());
  }, [busy, queued, value, onSubmit]);

  return (
    // Below desktop the box keeps clear of the floating New Spark button; a layout without one sets the clearance lower.
    <form
      className="border-t border-line bg-white px-3 pb-[var(--floating-button-clearance,5rem)] pt-3 desktop:px-6 desktop:pb-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2 rounded-2xl border border-line bg-canvas p-1.5 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/40">
        {attachMenu}
        <textarea
          aria-label={t('chat.composer.label')}
          aria-describedby={value.length >= COUNTER_FROM ? `${hintId} ${counterId}` : hintId}
          placeholder={t('chat.composer.placeholder')}
          value={value}
          maxLength={MESSAGE_MAX_CHARS}
          rows={1}
          onChange={(event) => onChange(event.target.value)}
          // Only when the assistant has just asked for an answer: the input appeared for it.
          autoFocus={autoFocus}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          className="field-sizing-content max-h-40 min-h-10 min-w-0 flex-1 resize-none bg-transparent px-2 py-2 text-base text-ink placeholder:text-muted focus:outline-none desktop:text-sm"
        />
        <button
          type="submit"
          aria-label={t('chat.composer.send')}
          disabled={!canSend}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary text-white transition-colors hover:bg-primary-strong disabled:cursor-not-allowed disabled:opacity-40"
        >
          <LineIcon className="size-5" d="M5 12h14M13 6l6 6-6 6" />
        </button>
      </div>
      <p id={hintId} className="sr-only">
        {t('chat.composer.hint')}
      </p>
      {value.length >= COUNTER_FROM && (
        <p id={counterId} className="mt-1 text-right text-xs text-muted">
          {t('chat.composer.count', { count: value.length, max: MESSAGE_MAX_CHARS })}
        </p>
      )}
    </form>
  );
}
