import type { LiveConversation, LiveTranscript } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { liveKey, transcriptKey } from '../api/live-calls';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { LiveScreen } from './live-screen';

const conversation: LiveConversation = {
  id: '6f1c3b1e-3d0e-4c4e-9d7e-1a2b3c4d5e6f',
  channel: 'widget',
  language: 'es',
  lastMessage: '¿Puedo hablar con una persona?',
  lastRole: 'visitor',
  lastAt: '2026-11-27T10:05:00.000Z',
  startedAt: '2026-11-27T10:00:00.000Z',
  messages: 3,
  askedForPerson: true,
  votedDown: true,
  takenOver: { name: 'Ada', at: '2026-11-27T10:06:00.000Z', handBackMinutes: 10 },
};

const transcript = (takenOver: LiveConversation['takenOver']): LiveTranscript => ({
  conversation: { ...conversation, takenOver },
  messages: [
    { seq: 1, role: 'visitor', content: 'Hola <b>amigos</b>', createdAt: '2026-11-27T10:00:00.000Z' },
    { seq: 2, role: 'spark', content: 'Hola, ¿en qué te ayudo?', createdAt: '2026-11-27T10:00:01.000Z' },
    { seq: 3, role: 'notice', notice: 'joined', name: 'Ada', content: '', createdAt: '2026-11-27T10:06:00.000Z' },
    { seq: 4, role: 'owner', name: 'Ada', content: '<img src=x onerror=alert(1)>', createdAt: '2026-11-27T10:06:10.000Z' },
    { seq: 5, role: 'notice', notice: 'handed-back', content: '', createdAt: '2026-11-27T10:20:00.000Z' },
  ],
});

let en: I18n;
let es: I18n;
beforeAll(async () => {
  en = await testI18n('en');
  es = await testI18n('es');
});

describe('the Live view', () => {
  it('lists a conversation with its language, last message, author and markers', () => {
    const html = renderHtml(<ConversationList sparkId="s1" selectedId={null} onSelect={() => undefined} />, en, (client) =>
      client.setQueryData(liveKey('s1'), [conversation]),
    );
    expect(html).toContain('Spanish');
    expect(html).toContain('Visitor: </span>¿Puedo hablar con una persona?');
    expect(html).toContain('Asked for a person');
    expect(html).toContain('Voted an answer down');
    expect(html).toContain('Taken over by Ada');
    expect(html).toContain('3 messages');
    expect(html).not.toContain('WhatsApp');
  });

  it('marks a conversation that came through WhatsApp, Messenger, Instagram or Telegram', () => {
    const html = renderHtml(<ConversationList sparkId="s1" selectedId={null} onSelect={() => undefined} />, es, (client) =>
      client.setQueryData(
        liveKey('s1'),
        (['whatsapp', 'messenger', 'instagram', 'telegram'] as const).map((channel, index) => ({ ...conversation, id: `c${index}`, channel })),
      ),
    );
    for (const name of ['WhatsApp', 'Messenger', 'Instagram', 'Telegram']) expect(html).toContain(`>${name}</span>`);
  });

  it('says when no visitor has written, in either language', () => {
    const seed = (client: Parameters<NonNullable<Parameters<typeof renderHtml>[2]>>[0]) => client.setQueryData(liveKey('s1'), []);
    expect(renderHtml(<ConversationList sparkId="s1" selectedId={null} onSelect={() => undefined} />, en, seed)).toContain(
      'No visitor has written in the last 30 minutes',
    );
    expect(renderHtml(<ConversationList sparkId="s1" selectedId={null} onSelect={() => undefined} />, es, seed)).toContain(
      'Ningún visitante ha escrito en los últimos 30 minutos',
    );
  });

  it('shows a loading state before the list arrives', () => {
    expect(renderHtml(<ConversationList sparkId="s1" selectedId={null} onSelect={() => undefined} />, en)).toContain('Loading conversations…');
  });

  it('shows the transcript as text, with notices worded for the owner, and the composer once taken over', () => {
    const html = renderHtml(
      <ConversationView sparkId="s1" conversationId={conversation.id} onBack={() => undefined} answer={(message) => message.content} />,
      en,
      (client) => client.setQueryData(transcriptKey('s1', conversation.id), transcript(conversation.takenOver)),
    );
    expect(html).toContain('Hola &lt;b&gt;amigos&lt;/b&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('Ada joined');
    expect(html).toContain('Handed back to the Spark after a quiet spell');
    expect(html).toContain('role="log"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('aria-label="Back to the conversations"');
    expect(html).toContain('Your message to the visitor');
    // Only the owner's own message offers to become knowledge.
    expect(html.match(/data-testid="live-save-answer"/g)).toHaveLength(1);
    expect(html).toContain('Save as knowledge');
    expect(html).toContain('maxLength="2000"');
    expect(html).toContain('Hand back');
    expect(html).not.toContain('Take over');
    expect(html).toContain('The Spark answers again after 10 quiet minutes.');
  });

  it('speaks to an owner without a name on their profile as "you"', () => {
    const unnamed = transcript({ name: '', at: '2026-11-27T10:06:00.000Z', handBackMinutes: 1 });
    unnamed.messages[2] = { ...unnamed.messages[2]!, name: '' };
    const html = renderHtml(
      <ConversationView sparkId="s1" conversationId={conversation.id} onBack={() => undefined} answer={(message) => message.content} />,
      es,
      (client) => client.setQueryData(transcriptKey('s1', conversation.id), unnamed),
    );
    expect(html).toContain('Te uniste');
    expect(html).toContain('Atendida por ti');
    expect(html).toContain('El Spark vuelve a responder tras 1 minuto sin mensajes.');
  });

  it('offers to take over, with ten quiet minutes chosen, while the Spark answers', () => {
    const html = renderHtml(
      <ConversationView sparkId="s1" conversationId={conversation.id} onBack={() => undefined} answer={(message) => message.content} />,
      es,
      (client) => client.setQueryData(transcriptKey('s1', conversation.id), transcript(null)),
    );
    expect(html).toContain('Atender');
    expect(html).toMatch(/<option value="10" selected="">10 minutos sin mensajes<\/option>/);
    expect(html).not.toContain('Tu mensaje al visitante');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('puts the list beside the conversation from 1140 px, and the conversation alone below', () => {
    const seed = (client: Parameters<NonNullable<Parameters<typeof renderHtml>[2]>>[0]) => client.setQueryData(liveKey('s1'), [conversation]);
    // A browser that has not been asked yet: the button asks on its click, never on load.
    const requestPermission = vi.fn();
    vi.stubGlobal('window', { Notification: { permission: 'default', requestPermission } });
    const listOnly = renderHtml(<LiveScreen sparkId="s1" conversationId={null} onOpen={() => undefined} answer={(message) => message.content} />, en, seed);
    expect(listOnly).toContain('Choose a conversation to follow it here.');
    expect(listOnly).toContain('Notify me when a visitor asks for a person');
    expect(listOnly).toMatch(/<aside class="[^"]*flex flex-1/);
    const opened = renderHtml(
      <LiveScreen sparkId="s1" conversationId={conversation.id} onOpen={() => undefined} answer={(message) => message.content} />,
      en,
      seed,
    );
    expect(opened).toMatch(/<aside class="[^"]* hidden"/);
    expect(opened).toContain('aria-current="true"');
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
