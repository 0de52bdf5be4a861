import { OWNER_MESSAGE_MAX_CHARS } from '@sparks/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { typingThrottle } from '../typing-throttle';

interface LiveComposerProps {
  sending: boolean;
  onSend(text: string): Promise<unknown>;
  onTyping(): void;
}

/** Where the owner writes to the visitor: Enter sends, Shift+Enter starts a new line. */
export function LiveComposer({ sending, onSend, onTyping }: LiveComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [shouldSignal] = useState(() => typingThrottle());
  const hintId = useId();
  const inputId = useId();
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || sending) return;
    const sent = text.trim();
    try {
      await onSend(sent);
      // Only what was sent is cleared: what the owner typed while it was on its way stays.
      setText((current) => (current.trim() === sent ? '' : current));
    } catch {
      // The text stays for another try; the screen says what went wrong.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const onChange = (value: string) => {
    setText(value);
    if (value && shouldSignal()) onTyping();
  };

  const left = OWNER_MESSAGE_MAX_CHARS - text.length;
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('live.composerLabel')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={inputId}
          value={text}
          maxLength={OWNER_MESSAGE_MAX_CHARS}
          rows={2}
          aria-describedby={hintId}
          placeholder={t('live.composerLabel')}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-12 flex-1 resize-y rounded-lg border border-black/20 bg-white px-3 py-2 text-sm"
        />
        <Button type="submit" disabled={blank || sending}>
          {sending ? t('live.sending') : t('live.send')}
        </Button>
      </div>
      <p id={hintId} className="flex justify-between gap-2 text-xs text-muted">
        <span>{t('live.composerHint')}</span>
        {left < 200 ? <span>{t('live.charactersLeft', { count: left })}</span> : null}
      </p>
    </form>
  );
}
