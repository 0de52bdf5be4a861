import type { LiveConversation, LiveTranscript } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { transcriptKey } from '../../../features/live/api/live-calls';
import { ConversationView } from '../../../features/live/components/conversation-view';
import { LiveAnswer } from './live-answer';

const conversation: LiveConversation = {
  id: '5d1c3b1e-3d0e-4c4e-9d7e-1a2b3c4d5e6f',
  channel: 'widget',
  language: 'en',
  lastMessage: 'On Saturday we open from 8:00 to 14:00 [1].',
  lastRole: 'spark',
  lastAt: '2026-12-01T10:00:01.000Z',
  startedAt: '2026-12-01T10:00:00.000Z',
  messages: 2,
  askedForPerson: false,
  votedDown: false,
  takenOver: null,
};

const transcript: LiveTranscript = {
  conversation,
  messages: [
    { seq: 1, role: 'visitor', content: 'When do you open on Saturday? [1]', createdAt: '2026-12-01T10:00:00.000Z' },
    {
      seq: 2,
      role: 'spark',
      content: 'On Saturday we open from **8:00 to 14:00** [1].',
      citations: [{ marker: 1, title: 'opening-hours.pdf', page: 2, excerpt: 'On Saturday we open from 8:00 to 14:00.', chunkId: 'c1', documentId: 'd1' }],
      createdAt: '2026-12-01T10:00:01.000Z',
    },
  ],
};

/** The Live view's conversation as the route composes it: answers shown with their sources. */
const view = (i18n: I18n) =>
  renderHtml(
    <ConversationView
      sparkId="s1"
      conversationId={conversation.id}
      onBack={() => undefined}
      answer={(message) => <LiveAnswer sparkId="s1" message={message} />}
    />,
    i18n,
    (client) => client.setQueryData(transcriptKey('s1', conversation.id), transcript),
  );

let en: I18n;
let es: I18n;
beforeAll(async () => {
  en = await testI18n('en');
  es = await testI18n('es');
});

describe('an answer in the Live view', () => {
  it('shows the sources it cites as the test chat does: a chip for each marker, never a bare [1]', () => {
    const html = view(en);
    const answer = html.slice(html.indexOf('data-testid="live-message-spark"'));
    expect(answer).toMatch(/<button type="button" data-citation-chip="1" aria-label="Source 1" aria-haspopup="dialog"/);
    expect(answer).not.toContain('[1]');
    // The answer's Markdown is drawn as the test chat draws it.
    expect(answer).toContain('<strong>8:00 to 14:00</strong>');
    // What the visitor wrote stays text, brackets and all.
    expect(html).toContain('When do you open on Saturday? [1]');
  });

  it('names its sources in the owner’s language', () => {
    expect(view(es)).toContain('aria-label="Fuente 1"');
  });
});
