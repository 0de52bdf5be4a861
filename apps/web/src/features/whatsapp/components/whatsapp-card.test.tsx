import { WHATSAPP_NOT_CONNECTED, type Language, type WhatsappChannel } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { whatsappKey } from '../api/use-whatsapp';
import { WhatsappCard } from './whatsapp-card';

const SPARK_ID = 'spark-1';
const CONNECTED: WhatsappChannel = {
  connected: true,
  phoneNumberId: '106540352242922',
  webhookUrl: 'https://sparks.example.com/api/v1/whatsapp/3f0c1a52-6d1e-4c8e-9d43-0d3c7f1b2a10/webhook',
  callbackProblem: null,
  verifyToken: 'vt_4f9a1c2b7d',
  paused: true,
  lastReceivedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  lastSentAt: null,
  lastProblem: { kind: 'token', message: 'The access token has expired or was revoked: create a new one.', code: 190, at: new Date().toISOString() },
};

const render = async (language: Language, channel: WhatsappChannel) =>
  renderHtml(<WhatsappCard sparkId={SPARK_ID} />, await testI18n(language), (client) => client.setQueryData(whatsappKey(SPARK_ID), channel));

describe('the WhatsApp card of the deploy panel', () => {
  it('guides an owner who has not connected yet, with Meta’s own names and a form whose secrets are not autocompleted', async () => {
    const html = await render('en', WHATSAPP_NOT_CONNECTED);
    for (const name of [
      'API Setup',
      'Phone number ID',
      'System users',
      'Generate new token',
      'whatsapp_business_messaging',
      'whatsapp_business_management',
      'App secret',
      'Verify and save',
      'Webhook fields',
    ])
      expect(html).toContain(name);
    expect(html.match(/type="password"/g)).toHaveLength(2);
    expect(html.match(/autoComplete="off"|autocomplete="off"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('>Connect<');
    expect(html).not.toContain('Callback URL</p>');

    const spanish = await render('es', WHATSAPP_NOT_CONNECTED);
    expect(spanish).toContain('Paso 1: copia tres valores de Meta para desarrolladores');
    expect(spanish).toContain('>Conectar<');
    expect(spanish).toContain('whatsapp_business_management');
  });

  it('shows a connected channel: what to paste in Meta, its health, Meta’s last refusal and the owner’s controls', async () => {
    const html = await render('en', CONNECTED);
    expect(html).toContain(CONNECTED.webhookUrl);
    expect(html).toContain(CONNECTED.verifyToken);
    expect(html).toContain('Callback URL');
    expect(html).toContain('5 minutes ago');
    expect(html).toContain('No message yet');
    // A kind the product knows is said in its own words, not in the words the server stored.
    expect(html).toContain('Meta refused the access token: it has expired or was revoked.');
    expect(html).not.toContain('create a new one.');
    expect(html).toContain('Meta&#x27;s code: 190');
    expect(html).toMatch(/role="switch" aria-checked="false"/);
    for (const label of ['Send a test message', 'Replace token or secret', 'Disconnect WhatsApp']) expect(html).toContain(label);
    // Two values to copy, two buttons a screen reader tells apart.
    expect(html).toContain('>Copy the Callback URL</button>');
    expect(html).toContain('>Copy the Verify token</button>');
    expect(html).not.toContain('Copy code');
    expect(html).not.toContain('type="password"');
    // A public https address needs no word about it.
    expect(html).not.toContain('whatsapp-callback-warning');
    expect(html).toMatch(/<button type="button" class="[^"]*">Copy the Callback URL<\/button>/);

    const spanish = await render('es', CONNECTED);
    expect(spanish).toContain('hace 5 minutos');
    expect(spanish).toContain('Aún no hay mensajes');
    expect(spanish).toContain('Código de Meta: 190');
    expect(spanish).toContain('Meta rechazó el token de acceso: ha caducado o se revocó.');
    expect(spanish).toContain('Cambiar el token o la clave secreta');
    expect(spanish).toContain('Desconectar WhatsApp');
    expect(spanish).toContain('>Copiar la Callback URL</button>');
  });

  it('says plainly, in the owner’s language, when Meta cannot call the Callback URL, and ties it to the copy button', async () => {
    const at = (origin: string) => `${origin}/api/v1/whatsapp/3f0c1a52-6d1e-4c8e-9d43-0d3c7f1b2a10/webhook`;
    const loopback = await render('en', { ...CONNECTED, webhookUrl: at('http://127.0.0.1:4321'), callbackProblem: 'loopback' });
    expect(loopback).toContain('Meta cannot call this Callback URL');
    expect(loopback).toContain('127.0.0.1:4321 is this computer&#x27;s own address, and Meta only calls public https addresses.');
    // Announced politely, and heard again with the button that copies the address (and only with that one).
    const warning = /<div id="([^"]+)" data-testid="whatsapp-callback-warning"><div role="status"/.exec(loopback)?.[1];
    const describes = (label: string) => new RegExp(`<button type="button" aria-describedby="([^"]+)"[^>]*>${label}</button>`).exec(loopback)?.[1];
    expect(warning).toBeDefined();
    expect(describes('Copy the Callback URL')).toBe(warning);
    expect(describes('Copy the Verify token')).toBeUndefined();

    const lan = await render('en', { ...CONNECTED, webhookUrl: at('http://192.168.1.20:3000'), callbackProblem: 'private' });
    expect(lan).toContain('192.168.1.20:3000 can only be reached inside your own network');
    const http = await render('en', { ...CONNECTED, webhookUrl: at('http://sparks.example.com'), callbackProblem: 'plain-http' });
    expect(http).toContain('This address starts with http://, and Meta only calls https addresses.');
    expect(http).not.toContain('own network');

    const spanish = await render('es', { ...CONNECTED, webhookUrl: at('http://localhost:3000'), callbackProblem: 'loopback' });
    expect(spanish).toContain('Meta no puede llamar a esta Callback URL');
    expect(spanish).toContain('localhost:3000 es la dirección propia de este ordenador');
    expect(spanish).not.toContain('Meta cannot call');
    const spanishHttp = await render('es', { ...CONNECTED, webhookUrl: at('http://sparks.example.com'), callbackProblem: 'plain-http' });
    expect(spanishHttp).toContain('Esta dirección empieza por http://');
  });
});
