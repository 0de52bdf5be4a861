import type { ChatMessage } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { chatReducer, initialChatState, type ChatEntry, type ChatState } from './chat-reducer';

const entry = (key: string, type = 'human', content = key): ChatEntry => ({
  key,
  message: { type, data: { content }, createdAt: '2026-03-10T12:00:00.000Z' } as ChatMessage,
  revealAt: 0,
  fresh: true,
});

const run = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) => actions.reduce(chatReducer, state);

describe('chat request state (product.md §4)', () => {
  const existing = run(initialChatState, { type: 'loaded', entries: [entry('old')], conversationId: 'c1' });

  it('sets sending while pending, appends what arrives and records the conversation on success', () => {
    const sending = run(existing, { type: 'sent', entry: entry('hi') });
    expect(sending).toMatchObject({ sending: true, error: null });
    const done = run(sending, { type: 'delta', text: 'Hel' }, { type: 'delta', text: 'lo' });
    expect(done.streamingText).toBe('Hello');
    const finished = run(done, { type: 'received', entry: entry('a', 'ai') }, { type: 'finished', conversationId: 'c1', entries: null });
    expect(finished).toMatchObject({ sending: false, streamingText: '', conversationId: 'c1', turnMessages: 1 });
    expect(finished.entries.map((item) => item.key)).toEqual(['old', 'hi', 'a']);
  });

  it('appends the messages of a JSON answer at the end of the turn', () => {
    const finished = run(existing, { type: 'sent', entry: entry('hi') }, { type: 'finished', conversationId: 'c1', entries: [entry('a', 'ai')] });
    expect(finished.entries.map((item) => item.key)).toEqual(['old', 'hi', 'a']);
  });

  it('undoes a failed turn, ends sending with the error, and records only a 402 status', () => {
    const failed = run(
      existing,
      { type: 'sent', entry: entry('hi') },
      { type: 'received', entry: entry('partial', 'ai') },
      { type: 'failed', failure: { text: 'hi', restoreDraft: true, message: 'Model failed', status: 502, code: 'MODEL_UNAVAILABLE' } },
    );
    expect(failed).toMatchObject({ sending: false, conversationId: 'c1', errorStatus: null, error: { text: 'hi', status: 502 } });
    expect(failed.entries.map((item) => item.key)).toEqual(['old']);
    const limited = run(
      existing,
      { type: 'sent', entry: entry('hi') },
      { type: 'failed', failure: { text: 'hi', restoreDraft: true, message: 'Limit', status: 402 } },
    );
    expect(limited.errorStatus).toBe(402);
    expect(run(limited, { type: 'dismissed' })).toMatchObject({ error: null, errorStatus: null });
  });

  it('forgets the conversation id of a first turn that failed (the server kept nothing)', () => {
    const failed = run(
      initialChatState,
      { type: 'sent', entry: entry('Start') },
      { type: 'started', conversationId: 'new' },
      { type: 'failed', failure: { text: 'Start', restoreDraft: false, message: 'x', status: 504 } },
    );
    expect(failed.conversationId).toBeNull();
    expect(failed.entries).toEqual([]);
  });

  it("appends an upload's messages after the conversation, adopting its id when the chat had none", () => {
    const appended = run(existing, { type: 'appended', entries: [entry('upload'), entry('doc', 'ai')], conversationId: 'c1' });
    expect(appended.entries.map((item) => item.key)).toEqual(['old', 'upload', 'doc']);
    expect(run(initialChatState, { type: 'appended', entries: [], conversationId: 'c9' }).conversationId).toBe('c9');
    // A chat that has its conversation keeps it.
    expect(run(existing, { type: 'appended', entries: [], conversationId: 'other' }).conversationId).toBe('c1');
  });

  it('puts an upload that lands during a turn before that turn, so a failed turn undoes only itself', () => {
    const during = run(
      existing,
      { type: 'sent', entry: entry('hi') },
      { type: 'appended', entries: [entry('upload'), entry('doc', 'ai')], conversationId: 'c1' },
    );
    expect(during.entries.map((item) => item.key)).toEqual(['old', 'upload', 'doc', 'hi']);
    const failed = run(during, { type: 'failed', failure: { text: 'hi', restoreDraft: true, message: 'x', status: 502 } });
    expect(failed.entries.map((item) => item.key)).toEqual(['old', 'upload', 'doc']);
    const finished = run(during, { type: 'received', entry: entry('a', 'ai') }, { type: 'finished', conversationId: 'c1', entries: null });
    expect(finished.entries.map((item) => item.key)).toEqual(['old', 'upload', 'doc', 'hi', 'a']);
  });
});
