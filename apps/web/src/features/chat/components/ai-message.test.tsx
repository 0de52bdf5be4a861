import { readFileSync } from 'node:fs';
import type { ChatMessage } from '@sparks/contract';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { AiMessage } from './ai-message';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const english = JSON.parse(readFileSync(new URL('../../../../public/locales/en/translation.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  await i18n.init({ lng: 'en', resources: { en: { translation: english } } });
});

const createdAt = '2026-03-10T12:00:00.000Z';
const render = (message: ChatMessage, details?: (message: ChatMessage) => string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AiMessage message={message} onSend={() => undefined} disabled={false} slots={details ? { details } : undefined} />
    </I18nextProvider>,
  );
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(?:<[^>]+>)*([^<]*)/g)].map((match) => match[1]);

describe('an answer', () => {
  it('offers the options of a document answer and the actions of a change answer as buttons', () => {
    const document = render({
      type: 'ai',
      data: { type: 'document', content: 'I read **Policy.pdf**.', name: 'Policy.pdf', documentId: 'd1', options: ['Test it', 'Upload another'] },
      createdAt,
    });
    expect(buttons(document)).toEqual(['Test it', 'Upload another']);
    const changes = render({
      type: 'ai',
      data: { type: 'dochanges', content: 'Apply these?', actions: [{ label: 'Apply', payload: 'apply changes 7' }] },
      createdAt,
    });
    expect(buttons(changes)).toEqual(['Apply']);
  });

  it('has citation chips that open a dialog, and shows what the screen adds under it', () => {
    const html = render(
      { type: 'ai', data: { content: 'Thirty days [1].', citations: [{ marker: 1, title: 'Policy.pdf', excerpt: '30 days', chunkId: 'c1' }] }, createdAt },
      (message) => `details of ${message.data.content}`,
    );
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('details of Thirty days [1].');
  });
});
