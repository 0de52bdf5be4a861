import type { ActionOffer, ChatMessage } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { ActionOfferForm } from './action-offer-form';
import { AiMessage } from './ai-message';

const booking: ActionOffer = {
  actionId: '0b7c6f1e-3f5d-4c1a-9b8e-2d4f6a8c0e12',
  name: 'Book a table',
  inputs: [
    { key: 'name', label: 'Name', type: 'text', required: true, description: '', choices: [] },
    { key: 'people', label: 'People', type: 'number', required: true, description: 'Up to 8', choices: [] },
    { key: 'date', label: 'Day', type: 'date', required: true, description: '', choices: [] },
    { key: 'phone', label: 'Phone', type: 'phone', required: false, description: '', choices: [] },
    { key: 'room', label: 'Room', type: 'choice', required: true, description: '', choices: ['Terrace', 'Inside'] },
  ],
  values: { people: '4', date: '2026-12-24' },
  confirm: true,
};
const run = () => Promise.resolve();

describe('the form of an offered action in a test chat', () => {
  it('gives each input a typed field, fills what the question said, marks the optional, and reviews before a change', async () => {
    const html = renderHtml(<ActionOfferForm offer={booking} onRun={run} disabled={false} />, await testI18n('en'));
    expect(html).toContain('aria-label="Details for Book a table"');
    const typeOf = (label: string) => new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
    const field = (label: string) => new RegExp(`<input [^>]*id="${typeOf(label)}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(field('People')).toContain('inputMode="decimal"');
    expect(field('People')).toContain('value="4"');
    expect(field('Day')).toContain('type="date"');
    expect(field('Day')).toContain('value="2026-12-24"');
    expect(field('Phone \\(optional\\)')).toContain('type="tel"');
    expect(field('Name')).toContain('required=""');
    expect(html).toContain('Up to 8');
    expect(html).toMatch(/<option value=""[^>]*>Choose…<\/option><option value="Terrace">Terrace<\/option>/);
    // It changes something: the button goes to the review, not straight to the run.
    expect(html).toContain('>Continue</button>');
  });

  it('says it in Spanish, and sends at once what changes nothing', async () => {
    const html = renderHtml(<ActionOfferForm offer={{ ...booking, confirm: false }} onRun={run} disabled={false} />, await testI18n('es'));
    expect(html).toContain('aria-label="Datos para Book a table"');
    expect(html).toContain('Phone (opcional)');
    expect(html).toContain('>Enviar</button>');
  });

  it('shows under the latest answer only, where the chat can run it', async () => {
    const message: ChatMessage = {
      type: 'ai',
      data: { content: 'I can help with that: Book a table.', action: booking },
      createdAt: '2026-12-01T10:00:00.000Z',
    };
    const i18n = await testI18n('en');
    expect(renderHtml(<AiMessage message={message} onSend={() => undefined} disabled={false} onRunAction={run} />, i18n)).toContain(
      'data-testid="action-offer"',
    );
    expect(renderHtml(<AiMessage message={message} onSend={() => undefined} disabled={false} />, i18n)).not.toContain('data-testid="action-offer"');
    const forged = { ...message, data: { ...message.data, action: { actionId: 7 } } };
    expect(renderHtml(<AiMessage message={forged} onSend={() => undefined} disabled={false} onRunAction={run} />, i18n)).not.toContain(
      'data-testid="action-offer"',
    );
  });
});
