import type { WidgetMessage } from '@sparks/contract';
import { liveFollow } from './live-follow';
import type { FrameTexts } from './widget-texts';

interface FrameLiveParts {
  url: string;
  typingUrl: string;
  headers(): Record<string, string>;
  input: HTMLTextAreaElement;
  /** Where "… is typing" is said (a polite live region). */
  typing: HTMLElement;
  texts: FrameTexts;
  show(message: WidgetMessage): void;
}

/** How long "… is typing" stays without news, and how often the visitor's own typing is told. */
const TYPING_SHOWN_MS = 4_000;
const TYPING_TOLD_MS = 3_000;

/**
 * The frame's side of a person taking the conversation over: their messages and the notices
 * appear in the log, "… is typing" under it, and while they are here they see the visitor typing.
 */
export function frameLive(parts: FrameLiveParts): { start(after?: number): void } {
  let owner = '';
  let personHere = false;
  let toldTyping = 0;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  parts.input.addEventListener('input', () => {
    if (!personHere || Date.now() - toldTyping < TYPING_TOLD_MS) return;
    toldTyping = Date.now();
    void fetch(parts.typingUrl, { method: 'POST', headers: parts.headers() }).catch(() => undefined);
  });
  return liveFollow({
    url: parts.url,
    headers: parts.headers,
    onMessage(message) {
      owner = message.name ?? owner;
      personHere = message.role === 'owner' || message.notice === 'joined';
      parts.typing.hidden = true;
      parts.show(message);
    },
    onTyping() {
      parts.typing.textContent = parts.texts.live.typing(owner);
      parts.typing.hidden = false;
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => (parts.typing.hidden = true), TYPING_SHOWN_MS);
    },
  });
}
