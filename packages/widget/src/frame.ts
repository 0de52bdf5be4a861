import { API_BASE_PATH, fillPath } from '@sparks/contract/api-path';
import { WIDGET_API_PATHS } from '@sparks/contract/widget-api-paths';
import { WIDGET_HEADERS } from '@sparks/contract/constants';
import type { ErrorCode, FeedbackRating, Language, WidgetLook, WidgetMessage, WidgetTurn } from '@sparks/contract';
import { SPARK_ICON_PATHS } from '@sparks/contract/spark-icon-paths';
import { createFocusTrap } from 'focus-trap';
import { readEvents } from '@sparks/contract/event-stream';
import { renderCitations, renderText } from './render-message';
import { frameTexts, languageOf, type FrameTexts } from './widget-texts';
import { element } from './widget-element';
import { answerFeedback } from './answer-feedback';
import { contactOffer } from './contact-form';
import { actionForm } from './action-form';
import { frameLive } from './frame-live';
import { renderLive } from './render-live';
import { visitorSession } from './visitor-session';

interface FrameConfig {
  token: string;
  ticket: string;
  language: Language;
  look: WidgetLook;
}

const config = JSON.parse(document.getElementById('sparks-config')?.textContent ?? '{}') as FrameConfig;
const language = languageOf(config.language ?? navigator.language);
const texts: FrameTexts = frameTexts(language);
const api = (route: keyof typeof WIDGET_API_PATHS) => API_BASE_PATH + fillPath(WIDGET_API_PATHS[route].path, { token: config.token });
// Opened from the launcher it is a modal dialog; shown inline (the app's live preview) it is not:
// no focus trap, no close button, focus moves freely in and out.
const fromLauncher = location.hash === '#launcher';
// The frame's own storage (our origin, partitioned per website by the browser); never a URL.
const session = visitorSession(`sparks:visitor:${config.token}`);

const root = document.documentElement;
root.style.setProperty('--primary', config.look.theme.palette.primary);
root.style.setProperty('--secondary', config.look.theme.palette.secondary);

const dialog = element('div', 'chat');
dialog.setAttribute('role', 'dialog');
if (fromLauncher) dialog.setAttribute('aria-modal', 'true');
dialog.setAttribute('aria-labelledby', 'sparks-title');
const header = element('header');
const badge = element('span', 'badge');
badge.innerHTML = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${SPARK_ICON_PATHS[config.look.theme.icon.name] ?? SPARK_ICON_PATHS.chat}"/></svg>`;
const title = element('h1', undefined, config.look.name);
title.id = 'sparks-title';
const closeButton = element('button', 'close');
closeButton.type = 'button';
closeButton.setAttribute('aria-label', texts.close);
closeButton.innerHTML =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
header.append(badge, title, closeButton);

const log = element('div', 'log');
log.setAttribute('role', 'log');
log.setAttribute('aria-label', texts.conversation);
log.tabIndex = 0;
const notice = element('p', 'notice');
notice.setAttribute('role', 'alert');
notice.hidden = true;

const form = element('form');
const label = element('label', 'visually-hidden', texts.question);
label.htmlFor = 'sparks-question';
const input = element('textarea');
input.id = 'sparks-question';
input.rows = 1;
input.maxLength = 4000;
input.placeholder = texts.placeholder;
const send = element('button', 'send');
send.type = 'submit';
send.setAttribute('aria-label', texts.send);
send.innerHTML =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';
form.append(label, input, send);
const footer = element('p', 'footer', texts.poweredBy);
const forgetful = element('p', 'note', texts.notKept);
forgetful.hidden = session.kept;
// A person who took the conversation over is typing: said once, politely, then hidden again.
const typing = element('p', 'typing');
typing.setAttribute('aria-live', 'polite');
typing.hidden = true;
dialog.append(header, log, typing, notice, forgetful, form, footer);
document.body.append(dialog);

type Shown = Pick<WidgetMessage, 'role' | 'content' | 'citations' | 'id' | 'feedback' | 'offerContact' | 'name' | 'notice' | 'action'>;

/** A JSON call of the visitor's session (a first contact request starts one). */
async function call(route: 'widgetFeedback' | 'widgetContact', body: unknown): Promise<Response | undefined> {
  try {
    const response = await fetch(api(route), {
      method: WIDGET_API_PATHS[route].method,
      headers: headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    });
    const token = response.headers.get(WIDGET_HEADERS.visitor);
    if (token) session.keep(token);
    return response;
  } catch {
    return undefined;
  }
}

const vote = (messageId: string) => async (rating: FeedbackRating | null, comment?: string) =>
  (await call('widgetFeedback', { messageId, rating, ...(comment ? { comment } : {}) }))?.ok ?? false;

/** Runs the action the Spark offered with the visitor's values: what they gave and the reply join the conversation. */
async function runAction(actionId: string, values: Record<string, string>, confirmed: boolean): Promise<string | null> {
  let response: Response | undefined;
  try {
    response = await fetch(API_BASE_PATH + fillPath(WIDGET_API_PATHS.widgetAction.path, { token: config.token, actionId }), {
      method: WIDGET_API_PATHS.widgetAction.method,
      headers: headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ inputs: values, confirmed, language }),
    });
  } catch {
    return texts.errors.offline;
  }
  if (!response.ok) {
    const code = ((await response.json().catch(() => ({}))) as { code?: string }).code;
    if (response.status === 400) return texts.action.invalid;
    if (response.status === 409) return texts.action.stale;
    return explain(response.status, code);
  }
  const turn = ((await response.json()) as { data: WidgetTurn }).data;
  for (const message of turn.messages) show(message);
  return null;
}

async function sendContact(email: string, question: string): Promise<string | null> {
  const response = await call('widgetContact', { email, question, consent: true, language });
  if (response?.ok) return null;
  return response?.status === 429 ? texts.contact.limit : explain(response?.status, undefined);
}

/**
 * A message bubble; a Spark's answer text is rendered inert (see renderText). An answer gets its
 * thumbs, and where it had nothing to say (or the visitor asked for a person) the offer to pass
 * `question` on to the team.
 */
function bubble(message: Shown, question = '', latest = true): HTMLElement {
  if (message.role === 'owner' || message.role === 'notice') return renderLive(message, texts);
  const item = element('div', `message ${message.role}`);
  const who = element('span', 'visually-hidden', message.role === 'visitor' ? `${texts.you}:` : `${config.look.name}:`);
  const body = element('div', 'body');
  if (message.role === 'visitor') body.textContent = message.content;
  else renderText(body, message.content);
  item.append(who, body);
  if (message.citations?.length) item.append(renderCitations(message.citations, texts));
  if (message.role === 'spark' && message.id) item.append(answerFeedback(texts, message.feedback, vote(message.id)));
  if (message.offerContact) item.append(contactOffer(texts, question, config.look.privacyUrl, sendContact));
  // Only the latest answer's form can still be sent: an older one is shown as what was said.
  if (message.action && latest) item.append(actionForm(texts, message.action, runAction));
  return item;
}

function show(message: Shown, question?: string, latest?: boolean): HTMLElement {
  const item = bubble(message, question, latest);
  log.append(item);
  log.scrollTop = log.scrollHeight;
  return item;
}

/** The one refusal that needs its own words: asking again in a moment will not help. */
const DAILY_LIMIT: ErrorCode = 'DAILY_LIMIT_REACHED';

function explain(status: number | undefined, code: string | undefined): string {
  if (code === DAILY_LIMIT) return texts.errors.daily;
  if (status === 402 || status === 423 || status === 404) return texts.errors.limit;
  if (status === 429) return texts.errors.busy;
  if (status === 403) return texts.errors.expired;
  if (status === undefined) return texts.errors.offline;
  return texts.errors.failed;
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const token = session.stored();
  return { [WIDGET_HEADERS.ticket]: config.ticket, ...(token ? { [WIDGET_HEADERS.visitor]: token } : {}), ...extra };
}

const live = frameLive({ url: api('widgetLive'), typingUrl: api('widgetTyping'), headers, input, typing, texts, show });

async function ask(question: string): Promise<void> {
  notice.hidden = true;
  show({ role: 'visitor', content: question });
  const answer = show({ role: 'spark', content: texts.thinking });
  answer.classList.add('pending');
  answer.setAttribute('aria-busy', 'true');
  const body = answer.querySelector<HTMLElement>('.body')!;
  let written = '';
  let status: number | undefined;
  let code: string | undefined;
  try {
    const response = await fetch(api('widgetChat'), {
      method: WIDGET_API_PATHS.widgetChat.method,
      headers: headers({ 'content-type': 'application/json', accept: 'text/event-stream' }),
      body: JSON.stringify({ text: question, language }),
    });
    status = response.status;
    const token = response.headers.get(WIDGET_HEADERS.visitor);
    if (token) session.keep(token);
    if (!response.ok || !response.body) {
      code = ((await response.json().catch(() => ({}))) as { code?: string }).code;
      throw new Error('refused');
    }
    for await (const { event, data: raw } of readEvents(response.body)) {
      const data = JSON.parse(raw) as unknown;
      if (event === 'delta') {
        written += (data as { text: string }).text;
        renderText(body, written);
        log.scrollTop = log.scrollHeight;
      } else if (event === 'done') {
        const turn = data as WidgetTurn;
        session.keep(turn.visitorToken);
        live.start();
        const final = turn.messages.filter((message) => message.role === 'spark').at(-1);
        if (final) answer.replaceWith(bubble(final, question));
        else answer.remove();
        // The final bubble adds the sources and thumbs under the text: they are shown too.
        log.scrollTop = log.scrollHeight;
        return;
      } else if (event === 'error') {
        status = (data as { status?: number }).status ?? 500;
        throw new Error('failed');
      }
    }
    throw new Error('cut');
  } catch {
    answer.remove();
    notice.textContent = explain(status, code);
    notice.hidden = false;
    input.value = input.value || question;
  }
}

/** The owner's suggested questions under the greeting, until the visitor asks something. */
const suggestions = element('div', 'suggestions');
suggestions.setAttribute('role', 'group');
suggestions.setAttribute('aria-label', texts.suggestions);
for (const question of config.look.suggestedQuestions ?? []) {
  const chip = element('button', 'chip', question);
  chip.type = 'button';
  chip.addEventListener('click', () => submit(question));
  suggestions.append(chip);
}

function submit(question: string): void {
  if (!question || send.disabled) return;
  suggestions.remove();
  input.value = '';
  send.disabled = true;
  input.setAttribute('aria-busy', 'true');
  void ask(question).finally(() => {
    send.disabled = false;
    input.removeAttribute('aria-busy');
    input.focus();
  });
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  submit(input.value.trim());
});
input.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    form.requestSubmit();
  }
});

const closeChat = () => parent.postMessage({ type: 'sparks:close' }, '*');
closeButton.addEventListener('click', closeChat);
closeButton.hidden = !fromLauncher;

// Tab stays inside the chat; Escape closes it (the website then returns focus to its launcher).
const trap = createFocusTrap(dialog, {
  initialFocus: () => input,
  escapeDeactivates: false,
  allowOutsideClick: true,
  tabbableOptions: { displayCheck: 'none' },
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && fromLauncher) closeChat();
});
window.addEventListener('message', (event) => {
  if (event.source === parent && (event.data as { type?: string } | null)?.type === 'sparks:opened') input.focus();
});

async function restore(): Promise<void> {
  const greeting = (history: WidgetMessage[] = []) => {
    show({ role: 'spark', content: config.look.initialMessage });
    if (history.length === 0 && suggestions.childElementCount > 0) log.append(suggestions);
    let question = '';
    history.forEach((message, index) => {
      if (message.role === 'visitor') question = message.content;
      show(message, question, index === history.length - 1);
    });
  };
  if (!session.stored()) return void greeting();
  try {
    const response = await fetch(api('widgetConversation'), { headers: headers() });
    const history = response.ok ? ((await response.json()) as { data: { messages: WidgetMessage[]; lastSeq?: number } }).data : { messages: [] };
    greeting(history.messages);
    // A person may write in this conversation: follow it from its last message on.
    live.start(history.lastSeq ?? 0);
  } catch {
    greeting();
  }
}

void restore().then(() => {
  if (!fromLauncher) return;
  trap.activate();
  input.focus();
});
