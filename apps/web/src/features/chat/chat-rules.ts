import { ACTION_TYPES, START_MESSAGES, TEST_START_MESSAGE, type ChatMessage, type Language } from '@sparks/contract';
import { TIMINGS_MS } from '@sparks/contract/constants';
import { citationMarkerPattern } from '@sparks/contract/citation-marker';

/** What one row of the message list shows. */
export type DisplayItem =
  | { kind: 'human'; message: ChatMessage; index: number }
  | { kind: 'ai'; message: ChatMessage; index: number }
  | { kind: 'action'; message: ChatMessage; index: number }
  /** product.md §5: an empty human message followed by an ai document message stands for an upload. */
  | { kind: 'uploadedDocument'; message: ChatMessage; documentName: string; index: number };

const HIDDEN_HUMAN_TEXTS = new Set<string>([TEST_START_MESSAGE, ...Object.values(START_MESSAGES)].map((text) => text.toLowerCase()));

const isBlank = (text: string | undefined) => !text || text.trim() === '';

/**
 * Whether a conversation this browser kept is left for a fresh one: a conversation with the
 * product's own assistant (a menu topic, or the builder) is held in one language, so after a
 * switch the screen starts afresh in the new one instead of replaying the old greeting and buttons
 * (the old conversation stays on the server). A test chat is the Spark's, which answers in the
 * language of each question, so it is kept.
 */
export function startsAfresh(target: { kind: 'builder' | 'test' | 'system' }, begunIn: Language | undefined, language: Language): boolean {
  return target.kind !== 'test' && begunIn !== undefined && begunIn !== language;
}

/** product.md §4: event messages act once and are not kept in history. */
export function isEventMessage(message: ChatMessage): boolean {
  return message.data.type === 'event';
}

/** Why a message cannot be shown (product.md §8: unknown types are logged and not rendered), or null when it can. */
export function unsupportedReason(message: ChatMessage): string | null {
  if (message.type === 'human' || message.type === 'ai') return null;
  if (message.type !== 'action') return `unknown chat message type '${message.type}'`;
  const actionType = message.data.type ?? '';
  return (ACTION_TYPES as readonly string[]).includes(actionType) ? null : `unknown chat action type '${actionType}'`;
}

/** product.md §5: the start phrases and 'inicio' are what the app sends for the user; they are not shown. */
export function isHiddenHumanText(content: string | undefined): boolean {
  return isBlank(content) || HIDDEN_HUMAN_TEXTS.has((content ?? '').trim().toLowerCase());
}

/** The name an uploaded-document bubble shows, taken from the answer that followed the upload. */
function uploadedDocumentName(answer: ChatMessage): string {
  const data = answer.data as Record<string, unknown>;
  for (const field of ['name', 'documentName', 'title']) {
    const value = data[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return answer.data.documentId ?? '';
}

const isDocumentAnswer = (message: ChatMessage | undefined) => message?.type === 'ai' && message.data.type === 'document';

/**
 * product.md §5 display filtering: blank messages are dropped, the app's own start messages are hidden,
 * an empty human message before an ai document message becomes an 'uploaded document' bubble, and
 * events or unknown types are not shown.
 */
export function displayItems(messages: readonly ChatMessage[]): DisplayItem[] {
  const items: DisplayItem[] = [];
  messages.forEach((message, index) => {
    if (isEventMessage(message) || unsupportedReason(message)) return;
    if (message.type === 'human') {
      const next = messages[index + 1];
      if (isBlank(message.data.content) && next && isDocumentAnswer(next)) {
        items.push({ kind: 'uploadedDocument', message, documentName: uploadedDocumentName(next), index });
      } else if (!isHiddenHumanText(message.data.content)) {
        items.push({ kind: 'human', message, index });
      }
      return;
    }
    if (message.type === 'ai') {
      // A document or change answer may consist of its buttons alone.
      const hasChoices = (message.data.options?.length ?? 0) > 0 || (message.data.actions?.length ?? 0) > 0;
      if (!isBlank(message.data.content) || hasChoices) items.push({ kind: 'ai', message, index });
      return;
    }
    items.push({ kind: 'action', message, index });
  });
  return items;
}

/** product.md §4: a message is new (animated, delayed) when it was created within the last second. */
export function isNewMessage(createdAt: string, now: number): boolean {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  // A timestamp ahead of this device's clock is recent by any reading.
  return now - created < TIMINGS_MS.newMessageWindow;
}

/** product.md §4: messages appear after 800 ms per delay unit. */
export function messageDelayMs(message: ChatMessage): number {
  const units = message.data.delay ?? 0;
  return Number.isFinite(units) && units > 0 ? units * TIMINGS_MS.messageDelayUnit : 0;
}

/**
 * How many messages, from the start, may be shown at `now`: a message waiting for its delay also
 * holds back the ones after it, so the conversation never shows out of order.
 */
export function revealedCount(revealTimes: readonly number[], now: number): number {
  const waiting = revealTimes.findIndex((time) => time > now);
  return waiting === -1 ? revealTimes.length : waiting;
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: Date };

const startOfDay = (time: Date) => new Date(time.getFullYear(), time.getMonth(), time.getDate()).getTime();

/** product.md §2 date separators: Today, Yesterday, otherwise the date itself (formatted by the view). */
export function dayLabel(createdAt: string, now: Date): DayLabel {
  const date = new Date(createdAt);
  const day = startOfDay(date);
  const today = startOfDay(now);
  if (day === today) return { kind: 'today' };
  const yesterday = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day === yesterday) return { kind: 'yesterday' };
  return { kind: 'date', date };
}

/** Whether a separator goes before this message: it is the first shown, or on another day than the one before. */
export function startsNewDay(previous: string | undefined, current: string): boolean {
  if (!previous) return true;
  return startOfDay(new Date(previous)) !== startOfDay(new Date(current));
}

/** product.md §5: a goto into tests, when the Spark has none, raises the test error instead of navigating. */
export function blocksTestNavigation(goto: string, hasTests: boolean): boolean {
  return goto.toLowerCase().includes('test') && !hasTests;
}

/** A route inside this app ('/deploy'), never another site ('//evil.example') or a script. */
export function isAppPath(goto: string): boolean {
  return /^\/(?!\/)/.test(goto) && !/[\s\\]/.test(goto);
}

const SAFE_LINK = /^(https?:|mailto:)/i;

/** Links in answers may only be web or mail addresses (javascript:, data: and the like are removed). */
export function safeLinkUrl(url: string): string | undefined {
  const trimmed = url.trim();
  return SAFE_LINK.test(trimmed) ? trimmed : undefined;
}

/** Splits text around [n] markers that name a known citation; other brackets stay text. */
export function splitCitationMarkers(text: string, known: ReadonlySet<number>): Array<string | number> {
  const parts: Array<string | number> = [];
  let last = 0;
  for (const match of text.matchAll(citationMarkerPattern())) {
    const marker = Number(match[1]);
    if (!known.has(marker)) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(marker);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** product.md §4/§9: the deploy assistant greets again when its last ai message is over a day old. */
export function needsDeployGreeting(messages: readonly ChatMessage[], now: number): boolean {
  const lastAi = messages.findLast((message) => message.type === 'ai');
  if (!lastAi) return true;
  const at = Date.parse(lastAi.createdAt);
  return Number.isFinite(at) && now - at > TIMINGS_MS.deployGreetingAfterInactivity;
}

/** A card that asks the user to pick an answer (rather than offering a way elsewhere). */
function asksForChoice(message: ChatMessage): boolean {
  if (message.type !== 'action') return false;
  const type = message.data.type;
  if (type === 'colorPalette' || type === 'iconSelector' || type === 'options') return true;
  return type === 'buttons' && (message.data.buttons ?? []).some((button) => button.value);
}

/**
 * On screens whose input the spec hides, the input shows only while the assistant waits for an
 * answer in words: its last words are a question, and no card asking for a choice follows them
 * (links elsewhere, previews and summaries do not count).
 */
export function awaitsTypedAnswer(messages: readonly ChatMessage[]): boolean {
  const shown = messages.filter((message) => !isEventMessage(message) && !(message.type === 'human' && isHiddenHumanText(message.data.content)));
  const lastWords = shown.findLastIndex((message) => message.type !== 'action');
  const last = shown[lastWords];
  if (last?.type !== 'ai' || !/[?？]\s*$/.test(last.data.content ?? '')) return false;
  return !shown.slice(lastWords + 1).some(asksForChoice);
}
