import { START_MESSAGES, TEST_START_MESSAGE, TEST_VERDICTS, type ChatMessage, type MessageData } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import {
  awaitsTypedAnswer,
  blocksTestNavigation,
  dayLabel,
  displayItems,
  isAppPath,
  isNewMessage,
  needsDeployGreeting,
  messageDelayMs,
  revealedCount,
  startsAfresh,
  safeLinkUrl,
  splitCitationMarkers,
  startsNewDay,
  unsupportedReason,
} from './chat-rules';

const at = '2026-03-10T12:00:00.000Z';
const message = (type: string, data: MessageData, createdAt = at): ChatMessage => ({ type, data, createdAt });
const human = (content: string) => message('human', { content });
const ai = (content: string, extra: MessageData = {}) => message('ai', { content, ...extra });

describe('display filtering (product.md §5)', () => {
  it('drops blank messages and hides the start phrases, but shows the test verdicts', () => {
    const messages = [
      human(TEST_START_MESSAGE),
      human(START_MESSAGES.en),
      human(` ${START_MESSAGES.es} `),
      human('   '),
      ai(''),
      ai('Hello!'),
      human('What are the opening hours?'),
      human(TEST_VERDICTS.notSatisfactory),
    ];
    expect(displayItems(messages).map((item) => [item.kind, item.message.data.content])).toEqual([
      ['ai', 'Hello!'],
      ['human', 'What are the opening hours?'],
      ['human', TEST_VERDICTS.notSatisfactory],
    ]);
  });

  it('shows an empty human message before an ai document message as an uploaded document', () => {
    const items = displayItems([human(''), ai('I read your file.', { type: 'document', options: ['Summarise it'], title: 'Returns policy 2026.pdf' })]);
    expect(items.map((item) => item.kind)).toEqual(['uploadedDocument', 'ai']);
    expect(items[0]).toMatchObject({ kind: 'uploadedDocument', documentName: 'Returns policy 2026.pdf', index: 0 });
  });

  it('names the uploaded document from the name the upload answer carries', () => {
    const upload = [human(''), ai('I read it.', { type: 'document', name: 'Guía de devoluciones.pdf', documentId: 'd1', options: ['Test it'] })];
    expect(displayItems(upload)[0]).toMatchObject({ kind: 'uploadedDocument', documentName: 'Guía de devoluciones.pdf' });
    // Until the answer is revealed, the empty message alone shows nothing.
    expect(displayItems([human('')])).toEqual([]);
  });

  it('keeps a document answer that is only its buttons, and action cards without content', () => {
    const items = displayItems([
      ai('', { type: 'document', options: ['Yes'] }),
      message('action', { type: 'buttons', buttons: [{ label: 'Go', goto: '/deploy' }] }),
    ]);
    expect(items.map((item) => item.kind)).toEqual(['ai', 'action']);
  });

  it('leaves out events and unknown message or action types, and says why the unknown ones are not shown', () => {
    const strange = message('robot', { content: 'beep' });
    const unknownAction = message('action', { type: 'hologram' });
    const event = message('action', { type: 'event', event: 'listSparks' });
    expect(displayItems([strange, unknownAction, event, ai('Kept')]).map((item) => item.message.data.content)).toEqual(['Kept']);
    expect(unsupportedReason(strange)).toContain("'robot'");
    expect(unsupportedReason(unknownAction)).toContain("'hologram'");
    expect(unsupportedReason(event)).toBeNull();
  });
});

describe('timings (product.md §4, §9)', () => {
  const now = Date.parse(at);

  it('treats a message as new only within one second of its creation', () => {
    expect(isNewMessage(at, now)).toBe(true);
    expect(isNewMessage(at, now + 999)).toBe(true);
    expect(isNewMessage(at, now + 1000)).toBe(false);
    expect(isNewMessage(at, now - 5000)).toBe(true);
    expect(isNewMessage('not a date', now)).toBe(false);
  });

  it('delays a message 800 ms per delay unit', () => {
    expect(messageDelayMs(ai('a'))).toBe(0);
    expect(messageDelayMs(ai('a', { delay: 1 }))).toBe(800);
    expect(messageDelayMs(ai('a', { delay: 3 }))).toBe(2400);
  });

  it('reveals messages in order: one still waiting holds back those after it', () => {
    expect(revealedCount([0, 0, 0], 100)).toBe(3);
    expect(revealedCount([0, 900, 0], 100)).toBe(1);
    expect(revealedCount([0, 900, 0], 900)).toBe(3);
    expect(revealedCount([], 100)).toBe(0);
  });

  it('labels days Today, Yesterday, or with the date', () => {
    const noon = new Date(2026, 2, 10, 12, 0);
    expect(dayLabel(new Date(2026, 2, 10, 0, 5).toISOString(), noon)).toEqual({ kind: 'today' });
    expect(dayLabel(new Date(2026, 2, 9, 23, 59).toISOString(), noon)).toEqual({ kind: 'yesterday' });
    expect(dayLabel(new Date(2026, 2, 8, 9, 0).toISOString(), noon)).toMatchObject({ kind: 'date' });
    // Across a month boundary.
    expect(dayLabel(new Date(2026, 1, 28, 22, 0).toISOString(), new Date(2026, 2, 1, 8, 0))).toEqual({ kind: 'yesterday' });
  });

  it('puts a day separator before the first message and wherever the day changes', () => {
    const morning = new Date(2026, 2, 10, 8, 0).toISOString();
    expect(startsNewDay(undefined, morning)).toBe(true);
    expect(startsNewDay(morning, new Date(2026, 2, 10, 20, 0).toISOString())).toBe(false);
    expect(startsNewDay(morning, new Date(2026, 2, 11, 0, 1).toISOString())).toBe(true);
  });
});

describe('buttons and links', () => {
  it('raises the test error for a goto into tests only when the Spark has none (product.md §5)', () => {
    expect(blocksTestNavigation('/spark/abc/test', false)).toBe(true);
    expect(blocksTestNavigation('/spark/abc/test', true)).toBe(false);
    expect(blocksTestNavigation('/deploy', false)).toBe(false);
  });

  it('follows gotos only inside the app', () => {
    expect(isAppPath('/deploy')).toBe(true);
    expect(isAppPath('//evil.example/x')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
  });

  it('keeps only web and mail links', () => {
    expect(safeLinkUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeLinkUrl('mailto:help@example.com')).toBe('mailto:help@example.com');
    expect(safeLinkUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeLinkUrl(' JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeLinkUrl('data:text/html,<script>')).toBeUndefined();
    expect(safeLinkUrl('/relative')).toBeUndefined();
  });

  it('splits only the markers of known citations', () => {
    expect(splitCitationMarkers('Returns take 30 days [1], or 60 [3] [x].', new Set([1, 2]))).toEqual(['Returns take 30 days ', 1, ', or 60 [3] [x].']);
    expect(splitCitationMarkers('[2][1]', new Set([1, 2]))).toEqual([2, 1]);
  });
});

describe('menu screens (product.md §2, §4)', () => {
  it('shows the input only while the assistant waits for an answer in words', () => {
    expect(awaitsTypedAnswer([human(START_MESSAGES.en), ai('What should it be called?')])).toBe(true);
    expect(awaitsTypedAnswer([ai('¿Cómo quieres llamarlo?  ')])).toBe(true);
    expect(awaitsTypedAnswer([ai('Which icon?'), message('action', { type: 'iconSelector', icons: [] })])).toBe(false);
    expect(awaitsTypedAnswer([ai('Which icon?'), message('action', { type: 'event', event: 'newSpark' })])).toBe(true);
    expect(awaitsTypedAnswer([ai('Which Spark?'), message('action', { type: 'buttons', buttons: [{ label: 'Bikes', value: 'Bikes' }] })])).toBe(false);
    // A way elsewhere or a preview is not a choice: the question still waits for words.
    expect(awaitsTypedAnswer([ai('Anything else?'), message('action', { type: 'buttons', buttons: [{ label: 'Plans', goto: '/billing' }] })])).toBe(true);
    expect(awaitsTypedAnswer([ai('Like it?'), message('action', { type: 'widgetPreview' })])).toBe(true);
    expect(awaitsTypedAnswer([ai('Here is your plan.')])).toBe(false);
    expect(awaitsTypedAnswer([ai('Name?'), human('Bikes')])).toBe(false);
    expect(awaitsTypedAnswer([])).toBe(false);
  });

  it('greets again on the deploy screen when the last ai message is over a day old', () => {
    const now = Date.parse(at);
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    expect(needsDeployGreeting([message('ai', { content: 'Hi' }, hoursAgo(25))], now)).toBe(true);
    expect(needsDeployGreeting([message('ai', { content: 'Hi' }, hoursAgo(23)), human('ok')], now)).toBe(false);
    expect(needsDeployGreeting([human('ok')], now)).toBe(true);
  });
});

describe('a conversation kept in another language than the screen’s', () => {
  it('starts the builder and the menu topics afresh, and keeps a test chat, whose Spark follows each question', () => {
    expect(startsAfresh({ kind: 'builder' }, 'en', 'es')).toBe(true);
    expect(startsAfresh({ kind: 'system' }, 'es', 'en')).toBe(true);
    expect(startsAfresh({ kind: 'test' }, 'en', 'es')).toBe(false);
    expect(startsAfresh({ kind: 'builder' }, 'es', 'es')).toBe(false);
    // Kept before conversations recorded their language: nothing to compare, so it is shown.
    expect(startsAfresh({ kind: 'builder' }, undefined, 'es')).toBe(false);
  });
});
