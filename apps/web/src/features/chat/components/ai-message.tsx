import type { ChatMessage } from '@sparks/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatMarkdown } from './chat-markdown';
import { ChoiceButtons } from './choice-buttons';

interface AiMessageProps {
  message: ChatMessage;
  onSend: (text: string) => void;
  disabled: boolean;
}

/**
 * An answer: its Markdown with citation chips (a chip opens the passage it cites), and the
 * buttons of document answers (options, sent as their label) and change answers (actions,
 * sent as their payload).
 */
export function AiMessage({ message, onSend, disabled }: AiMessageProps) {
  const { t } = useTranslation();
  const { content, citations = [], type, options = [], actions = [] } = message.data;
  const [openMarker, setOpenMarker] = useState<number | null>(null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggle = useCallback((marker: number) => setOpenMarker((open) => (open === marker ? null : marker)), []);
  const open = citations.find((citation) => citation.marker === openMarker);
  // Closing the passage from inside it would drop focus on the page: it goes back to its chip.
  const close = () => {
    rootRef.current?.querySelector<HTMLButtonElement>(`[data-citation-chip="${openMarker}"]`)?.focus();
    setOpenMarker(null);
  };

  const choices =
    type === 'document'
      ? options.map((label) => ({ label, onChoose: () => onSend(label) }))
      : type === 'dochanges'
        ? actions.map((action) => ({ label: action.label, onChoose: () => onSend(action.payload) }))
        : [];

  return (
    <div
      ref={rootRef}
      className="space-y-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && openMarker !== null) close();
      }}
    >
      {content?.trim() && <ChatMarkdown content={content} citations={citations} openMarker={openMarker} panelId={panelId} onToggleCitation={toggle} />}
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={t('chat.citations.chip', { marker: open.marker })}
          className="space-y-1 rounded-lg border border-primary/20 bg-primary-soft/60 p-3 text-sm"
          data-testid="citation-panel"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold">
              <span className="mr-1 text-primary">[{open.marker}]</span>
              {open.title}
            </p>
            <button
              type="button"
              aria-label={t('chat.citations.close')}
              onClick={close}
              className="-mr-1 -mt-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-white hover:text-ink"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {open.page !== undefined && <p className="text-xs text-muted">{t('chat.citations.page', { page: open.page })}</p>}
          <blockquote className="whitespace-pre-line border-l-2 border-primary/40 pl-2 text-ink">{open.excerpt}</blockquote>
        </div>
      )}
      {choices.length > 0 && <ChoiceButtons label={t('chat.choices')} choices={choices} disabled={disabled} />}
    </div>
  );
}
