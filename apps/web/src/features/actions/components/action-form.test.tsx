import type { Action, Language } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { testAction } from '../test-action';
import { ActionForm } from './action-form';

const noop = () => undefined;
const render = async (language: Language, action: Action | null) =>
  renderHtml(<ActionForm action={action} saving={false} error={null} onSave={noop} onCancel={noop} />, await testI18n(language));

/** Each `<input>` tag whose label (by `for`) is the given text. */
const inputsLabelled = (html: string, label: string) =>
  [...html.matchAll(new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`, 'g'))].map(
    (match) => new RegExp(`<input [^>]*id="${match[1]}"[^>]*>`).exec(html)?.[0] ?? '',
  );

describe('the action form', () => {
  it('never puts a secret header’s value in a field, even if one came back, and says the saved one is kept', async () => {
    const leaked = testAction();
    if (leaked.does.kind !== 'api') throw new Error('an API action');
    // The server sends null; a value here would be a bug elsewhere, and the form still must not show it.
    leaked.does.headers[0] = { name: 'Authorization', value: 'Bearer sk_live_51H8', secret: true };
    const html = await render('en', leaked);
    expect(html).not.toContain('sk_live_51H8');
    const [secret, plain] = inputsLabelled(html, 'Value');
    expect(secret).toContain('type="password"');
    expect(secret).toContain('autoComplete="off"');
    expect(secret).toContain('value=""');
    expect(secret).toContain('placeholder="Saved — leave empty to keep it"');
    // A header that is not secret shows its value, as text.
    expect(plain).toContain('type="text"');
    expect(plain).toContain('value="casa-lucia"');
    expect(plain).not.toContain('placeholder=');
    expect(html.match(/data-testid="action-header-row"/g)).toHaveLength(2);
    expect(html).toMatch(/<input [^>]*checked=""[^>]*>\s*<label [^>]*>Secret<\/label>/);

    const spanish = await render('es', leaked);
    expect(spanish).not.toContain('sk_live_51H8');
    expect(spanish).toContain('placeholder="Guardada: déjalo vacío para conservarla"');
  });

  it('opens with the saved action: its examples one a line, its inputs as rows, the API kind chosen and GET without a body', async () => {
    const html = await render('en', testAction());
    expect(html).toContain('Edit “Order status”');
    expect(html).toContain('>Where is my order?\nWhen does my parcel arrive?</textarea>');
    expect(html.match(/data-testid="action-input-row"/g)).toHaveLength(2);
    expect(inputsLabelled(html, 'Key').map((tag) => /value="([^"]*)"/.exec(tag)?.[1])).toEqual(['order', 'birth']);
    expect(html).toMatch(/<input type="radio"[^>]*data-testid="action-kind-api"[^>]*checked=""/);
    expect(html).not.toMatch(/data-testid="action-kind-link"[^>]*checked=""/);
    expect(html).toContain('<option value="GET" selected="">GET</option>');
    expect(html).toContain('data-testid="action-api-fields"');
    expect(html).not.toContain('Body (JSON)');
    // The owner's own keys are written as the templates take them.
    expect(html).toContain('Your inputs: {{order}} {{birth}}');
    expect(html).toContain('>Save the action</button>');
  });

  it('starts empty for a new action, with examples in the owner’s language', async () => {
    const html = await render('en', null);
    expect(html).toContain('>Add an action</h3>');
    expect(html).not.toContain('data-testid="action-input-row"');
    expect(html).toContain('placeholder="https://shop.example/api/orders/{{order}}"');
    expect(html).toContain('placeholder="Your order is {{order.status}} and arrives on {{order.eta}}."');
    expect(html).toContain('>Add the action</button>');
    expect(html).not.toContain('role="alert"');

    const spanish = await render('es', null);
    expect(spanish).toContain('>Añadir una acción</h3>');
    expect(spanish).toContain('placeholder="https://tienda.example/api/pedidos/{{pedido}}"');
    expect(spanish).toContain('placeholder="Tu pedido está {{pedido.estado}} y llega el {{pedido.entrega}}."');
    expect(spanish).toContain('>Llamar a una API<');
    expect(spanish).toContain('>Enviar los datos<');
  });

  it('shows the fields of a link and of sending the details', async () => {
    const link = await render('en', testAction({ does: { kind: 'link', url: 'https://booking.example/?d={{date}}', reply: 'Here: {{link}}' } }));
    expect(link).toContain('data-testid="action-link-fields"');
    expect(link).toContain('value="https://booking.example/?d={{date}}"');
    expect(link).toContain('{{link}} stands for the link built');
    expect(link).not.toContain('data-testid="action-api-fields"');

    const send = await render(
      'en',
      testAction({ does: { kind: 'send', email: 'team@casalucia.example', webhook: null, reply: 'Thanks!', fallback: 'Please call.', handoff: false } }),
    );
    expect(send).toContain('data-testid="action-send-fields"');
    expect(send).toMatch(/<input [^>]*type="email"[^>]*value="team@casalucia.example"/);
    expect(send).toContain('>Thanks!</textarea>');
  });
});
