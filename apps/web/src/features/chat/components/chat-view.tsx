import { FALLBACK_LANGUAGE, LANGUAGES, type ChatMessage, type Language, type MessageData } from '@sparks/contract';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import type { AnswerSlots } from '../answer-slots';
import { awaitsTypedAnswer, blocksTestNavigation } from '../chat-rules';
import type { ChatTarget } from '../conversation-storage';
import { useChat } from '../use-chat';
import { useRevealedCount } from '../use-revealed-count';
import { ChatErrorAlert } from './chat-error-alert';
import { Composer } from './composer';
import { MessageList } from './message-list';

interface ChatViewProps {
  target: ChatTarget;
  /** The signed-in user; stored conversations carry it (product.md §4). */
  userId?: string;
  /**
   * product.md §5: a button into tests when the Spark has none shows the no-tests message instead. A
   * function is asked at the click, so a test the assistant has just created counts.
   */
  hasTests?: boolean | (() => Promise<boolean>);
  onTurnFinished?: () => void;
  onEvent?: (data: MessageData) => void;
  onSendingChange?: (sending: boolean) => void;
  /** The attach menu of Spark chats (product.md §2), placed beside the input. */
  attachMenu?: ReactNode;
  /** Every message the user sends (typed or chosen), after it has gone out, with the conversation it went to. */
  onUserMessage?: (text: string, conversationId: string | null) => void;
  /** What the screen adds to answers: the whole passage behind a citation, details under an answer. */
  slots?: AnswerSlots;
  /**
   * 'whenAsked': the screens whose input the spec hides show it only while the assistant waits
   * for an answer in words (docs/spec-deviations.md).
   */
  input?: 'always' | 'whenAsked';
  /** What an empty conversation opens with, when the user chose it (e.g. "Ask a question"). */
  startText?: string;
  /** Words already in the input when the chat opens (product.md §2: /deploy?q=… pre-fills a request). */
  initialDraft?: string;
  ref?: Ref<ChatHandle>;
}

/** What a screen may do with the chat it shows. */
export interface ChatHandle {
  /** The conversation on the server, once there is one. */
  conversationId(): string | null;
  /** Adds messages the server put into this conversation outside a turn (an upload's). */
  append(messages: readonly ChatMessage[], conversationId: string | null): void;
}

/** Distance from the bottom within which new messages keep the list scrolled to the end. */
const STICK_PX = 80;

/** A whole chat: the conversation, its errors and the input. Key it by conversation so switching starts afresh. */
export function ChatView({
  target,
  userId,
  hasTests = true,
  onTurnFinished,
  onEvent,
  onSendingChange,
  attachMenu,
  onUserMessage,
  slots,
  input = 'always',
  startText,
  initialDraft,
  ref,
}: ChatViewProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const resolved = i18n.resolvedLanguage ?? '';
  const language: Language = (LANGUAGES as readonly string[]).includes(resolved) ? (resolved as Language) : FALLBACK_LANGUAGE;
  const chat = useChat({ target, userId, language, onTurnFinished, onEvent, startText });
  const revealed = useRevealedCount(chat.entries);
  const shown = chat.entries.slice(0, revealed);
  const typing = (chat.sending && chat.turnMessages === 0) || revealed < chat.entries.length;
  const [draft, setDraft] = useState(initialDraft ?? '');
  const [noTestsOpen, setNoTestsOpen] = useState(false);
  // A typed message keeps the input (busy, with its focus) until the answer is in, even where it shows only for questions.
  const [typedTurn, setTypedTurn] = useState(false);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);

  const { error, sending, append, currentConversationId } = chat;
  useImperativeHandle(ref, () => ({ conversationId: currentConversationId, append }), [append, currentConversationId]);
  useEffect(() => {
    // Nothing typed is lost: a failed message goes back into an empty input.
    if (error?.restoreDraft) setDraft((current) => (current.trim() ? current : error.text));
  }, [error]);
  useEffect(() => onSendingChange?.(sending), [sending, onSendingChange]);
  useEffect(() => {
    if (!sending && !typing) setTypedTurn(false);
  }, [sending, typing]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller && stickRef.current) scroller.scrollTop = scroller.scrollHeight;
  }, [shown.length, chat.streamingText, typing, error]);

  const submit = (text: string) => {
    stickRef.current = true;
    setDraft('');
    chat.send(text);
    onUserMessage?.(text, currentConversationId());
  };
  const composerShown = input === 'always' || typedTurn || (awaitsTypedAnswer(shown.map((entry) => entry.message)) && !typing) || Boolean(error?.restoreDraft);
  useEffect(() => {
    // The input went away under the caret (a choice card arrived): keep focus in the conversation, not on the page.
    if (!composerShown && document.activeElement === document.body) scrollerRef.current?.focus({ preventScroll: true });
  }, [composerShown]);
  const submitTyped = (text: string) => {
    setTypedTurn(true);
    submit(text);
  };
  const retry = () => {
    stickRef.current = true;
    if (error?.restoreDraft) {
      const text = draft.trim() || error.text;
      setDraft('');
      chat.retry(text);
    } else chat.retry();
  };
  const goto = async (path: string) => {
    // Only a path into tests needs to know whether there are any.
    if (blocksTestNavigation(path, false)) {
      const known = typeof hasTests === 'function' ? await hasTests().catch(() => true) : hasTests;
      if (blocksTestNavigation(path, known)) return setNoTestsOpen(true);
    }
    void navigate(path);
  };

  return (
    // min-w-0: in the routes' flex rows an unbroken word in a message or passage would otherwise widen the chat past the screen.
    <section aria-label={t('chat.conversation')} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div
        ref={scrollerRef}
        tabIndex={0}
        onScroll={(event) => {
          const { scrollHeight, scrollTop, clientHeight } = event.currentTarget;
          stickRef.current = scrollHeight - scrollTop - clientHeight < STICK_PX;
        }}
        className="relative min-h-0 flex-1 space-y-3 overflow-y-auto px-3 py-4 focus-visible:outline-offset-[-2px] desktop:px-6"
        data-testid="chat-scroller"
      >
        {chat.loading && chat.entries.length === 0 ? (
          <div className="flex justify-center py-8 text-primary">
            <Spinner label={t('chat.loading')} className="size-6" />
          </div>
        ) : (
          <MessageList
            entries={shown}
            streamingText={chat.streamingText}
            typing={typing}
            onSend={submit}
            onGoto={(path) => void goto(path)}
            disabled={sending}
            slots={slots}
            {...(target.kind === 'test' ? { onRunAction: chat.runAction } : {})}
          />
        )}
        {error && <ChatErrorAlert failure={error} onRetry={retry} onDismiss={chat.dismissError} />}
      </div>
      {composerShown && (
        <Composer
          value={draft}
          onChange={setDraft}
          onSubmit={submitTyped}
          busy={sending || chat.loading}
          attachMenu={attachMenu}
          autoFocus={input === 'whenAsked'}
        />
      )}
      <Modal open={noTestsOpen} onOpenChange={setNoTestsOpen} title={t('chat.noTests.title')} description={t('chat.noTests.body')}>
        <div className="flex justify-end">
          <Button onClick={() => setNoTestsOpen(false)}>{t('chat.noTests.understood')}</Button>
        </div>
      </Modal>
    </section>
  );
}
