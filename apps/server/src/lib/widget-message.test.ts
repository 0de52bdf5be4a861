import type { ChatMessage } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { widgetMessage } from './widget-message.js';

const answer = (content: string, markers: number[]): ChatMessage => ({
  type: 'ai',
  createdAt: '2026-11-24T10:00:00.000Z',
  data: {
    content,
    citations: markers.map((marker) => ({ marker, title: `doc-${marker}.pdf`, excerpt: `passage ${marker}`, chunkId: `c${marker}`, documentId: `d${marker}` })),
  },
});

describe('an answer as a website visitor reads it', () => {
  it('numbers its sources 1, 2, 3 in the order the answer cites them, and keeps nothing of the Spark’s inner workings', () => {
    const message = widgetMessage(answer('Returns take 30 days [3]. Refunds go to the card [1]. Again [3]. Made up [9].', [1, 3, 5]))!;
    expect(message.content).toBe('Returns take 30 days [1]. Refunds go to the card [2]. Again [1]. Made up [9].');
    expect(message.citations).toEqual([
      { marker: 1, title: 'doc-3.pdf', excerpt: 'passage 3' },
      { marker: 2, title: 'doc-1.pdf', excerpt: 'passage 1' },
    ]);
  });

  it('keeps the link of a source read from a web page', () => {
    const cited: ChatMessage = {
      type: 'ai',
      createdAt: '2026-11-24T10:00:00.000Z',
      data: {
        content: 'We open at 8:30 [2].',
        citations: [{ marker: 2, title: 'About us', excerpt: 'We open at 8:30.', url: 'https://bakery.example/about' }],
      },
    };
    expect(widgetMessage(cited)!.citations).toEqual([{ marker: 1, title: 'About us', excerpt: 'We open at 8:30.', url: 'https://bakery.example/about' }]);
  });

  it('leaves an answer without sources as it is', () => {
    const message = widgetMessage(answer('I do not know.', []))!;
    expect(message).toEqual({ role: 'spark', content: 'I do not know.', createdAt: '2026-11-24T10:00:00.000Z' });
  });
});
