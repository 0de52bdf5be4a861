import { actionOfferSchema, type ChatMessage } from '@sparks/contract';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerSlots } from '../answer-slots';
import { ActionOfferForm, type RunOfferedAction } from './action-offer-form';
import { ChatMarkdown } from './chat-markdown';
import { ChoiceButtons } from './choice-buttons';
import { CitationDialog } from './citation-dialog';

interface AiMessageProps {
  message: ChatMessage;
  onSend: (text: string) => void;
  disabled: boolean;
  slots?: AnswerSlots;
  /** Set on the latest answer of a chat that runs actions: its offered action's form shows. */
  onRunAction?: RunOfferedAction;
}

/**
 * An answer: its Markdown with citation chips (a chip opens a preview of the passage it cites),
 * the buttons of document answers (options, sent as their label) and change answers (actions,
 * sent as their payload), the form of an action the latest answer offers, and whatever the screen
 * adds under answers.
 */
export function AiMessage({ message, onSend, disabled, slots, onRunAction }: AiMessageProps) {
  const { t } = useTranslation();
  const { content, citations = [], type, options = [], actions = [] } = message.data;
  const [openMarker, setOpenMarker] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // The last chip opened keeps its marker after closing, so focus can go back to it.
  const lastMarker = useRef<number | null>(null);
  const toggle = useCallback((marker: number) => {
    lastMarker.current = marker;
    setOpenMarker((open) => (open === marker ? null : marker));
  }, []);
  const open = citations.find((citation) => citation.marker === openMarker) ?? null;
  const returnFocus = () => rootRef.current?.querySelector<HTMLButtonElement>(`[data-citation-chip="${lastMarker.current}"]`)?.focus();

  // A document that could not be read has nothing to summarise or ask about: its answer says why instead.
  const failure = type === 'document' && message.data.documentId ? (slots?.documentFailure?.(message.data.documentId) ?? null) : null;
  const choices =
    type === 'document' && !failure
      ? options.map((label) => ({ label, onChoose: () => onSend(label) }))
      : type === 'dochanges'
        ? actions.map((action) => ({ label: action.label, onChoose: () => onSend(action.payload) }))
        : [];

  const offer = onRunAction ? actionOfferSchema.safeParse(message.data.action) : null;

  return (
    <div ref={rootRef} className="space-y-3">
      {content?.trim() && <ChatMarkdown content={content} citations={citations} openMarker={openMarker} onToggleCitation={toggle} />}
      {failure && (
        <p role="status" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="document-failed-note">
          {failure}
        </p>
      )}
      {choices.length > 0 && <ChoiceButtons label={t('chat.choices')} choices={choices} disabled={disabled} />}
      {offer?.success && onRunAction && <ActionOfferForm key={message.id} offer={offer.data} onRun={onRunAction} disabled={disabled} />}
      {slots?.details?.(message)}
      <CitationDialog
        citation={open}
        onClose={() => setOpenMarker(null)}
        returnFocus={returnFocus}
        passage={open ? slots?.citationPassage?.(open) : undefined}
      />
    </div>
  );
}
