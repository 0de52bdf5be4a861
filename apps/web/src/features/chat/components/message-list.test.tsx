import { readFileSync } from 'node:fs';
import type { ChatMessage } from '@sparks/contract';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatEntry } from '../chat-reducer';
import { MessageList } from './message-list';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const english = JSON.parse(readFileSync(new URL('../../../../public/locales/en/translation.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  await i18n.init({ lng: 'en', resources: { en: { translation: english } } });
});

const createdAt = new Date().toISOString();
const entries = (messages: ChatMessage[]): ChatEntry[] => messages.map((message, index) => ({ key: `k${index}`, message, revealAt: 0, fresh: false }));
const render = (messages: ChatMessage[]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MessageList entries={entries(messages)} streamingText="" typing={false} onSend={() => undefined} onGoto={() => undefined} disabled={false} />
    </I18nextProvider>,
  );

describe('the uploaded-document bubble (product.md §5)', () => {
  const name = 'A very long document name that will not fit in one bubble <b>2026</b>.pdf';
  const html = () =>
    render([
      { type: 'human', data: { content: '' }, createdAt },
      { type: 'ai', data: { type: 'document', content: 'Got it.', name, documentId: 'd1', options: ['Test it'] }, createdAt },
    ]);

  it('stands for the empty message, names the document cut to the width, with the full name as its title', () => {
    expect(html()).toContain('data-testid="message-uploaded-document"');
    expect(html()).toMatch(
      /<span class="min-w-0 truncate[^"]*" title="A very long document name that will not fit in one bubble &lt;b&gt;2026&lt;\/b&gt;.pdf">/,
    );
    expect(html()).toContain('Uploaded document<span class="sr-only">: </span>');
  });

  it('keeps the answer with its options after it', () => {
    expect(html().indexOf('message-uploaded-document')).toBeLessThan(html().indexOf('Got it.'));
    expect(html()).toContain('>Test it</span></button>');
  });
});
