import { messagingNotConnected, type Language, type MessagingChannel } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { messagingKey } from '../api/use-messaging';
import { MetaCard } from './meta-card';

const SPARK_ID = 'spark-1';
const CONNECTED: MessagingChannel = {
  platform: 'meta',
  connected: true,
  accountId: '104729385610234',
  name: 'Casa Lucía Bakery',
  instagram: { id: '17841400000000001', username: 'casalucia.bakes' },
  webhookUrl: 'https://sparks.example.com/api/v1/meta/3f0c1a52-6d1e-4c8e-9d43-0d3c7f1b2a10/webhook',
  callbackProblem: null,
  verifyToken: 'vt_8d2e4b6a1c',
  paused: false,
  allowGroups: false,
  lastReceivedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  lastSentAt: null,
  lastProblem: { kind: 'token', message: 'The words the server stored.', code: 190, at: new Date().toISOString() },
};

const render = async (language: Language, channel: MessagingChannel) =>
  renderHtml(<MetaCard sparkId={SPARK_ID} />, await testI18n(language), (client) => client.setQueryData(messagingKey(SPARK_ID, 'meta'), channel));

describe('the Messenger and Instagram card of the deploy panel', () => {
  it('guides an owner who has not connected yet, with Meta’s own names, and a form that keeps its secrets unseen and empty', async () => {
    const html = await render('en', messagingNotConnected('meta'));
    expect(html).toMatch(/<section aria-labelledby="([^"]+)"[^>]*data-testid="meta-card"><h3 id="\1"[^>]*>Messenger and Instagram<\/h3>/);
    for (const name of [
      'Meta for Developers',
      'Messenger API Settings',
      'Generate token',
      'pages_messaging',
      'instagram_manage_messages',
      'App secret',
      'Linked accounts',
      'Instagram professional account',
      'Configure webhooks',
      'message_reactions',
    ])
      expect(html).toContain(name);
    // Each value is a labelled field; the token and the secret are typed unseen and never suggested.
    for (const label of ['Page ID', 'Page access token', 'App secret']) expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}</label>`));
    expect(html.match(/type="password"/g)).toHaveLength(2);
    expect(html.match(/autoComplete="off"|autocomplete="off"/g)).toHaveLength(3);
    expect(html.match(/spellCheck="false"|spellcheck="false"/g)).toHaveLength(3);
    expect(html.match(/<input [^>]*value=""/g)).toHaveLength(3);
    expect(html).toContain('>Connect</button>');
    expect(html).not.toContain('Copy the Callback URL');

    const spanish = await render('es', messagingNotConnected('meta'));
    expect(spanish).toContain('>Messenger e Instagram</h3>');
    expect(spanish).toContain('Paso 1: copia tres valores de Meta para desarrolladores');
    expect(spanish).toContain('Cuentas vinculadas');
    expect(spanish).toContain('Token de acceso de la página');
    expect(spanish).toContain('>Conectar</button>');
    expect(spanish).not.toContain('Page access token');
  });

  it('shows the connected Page and its Instagram account, what to paste in Meta, its health and the owner’s controls', async () => {
    const html = await render('en', CONNECTED);
    expect(html).toContain('Connected to Page Casa Lucía Bakery (104729385610234) and Instagram @casalucia.bakes.');
    expect(html).toContain('within Meta&#x27;s 24-hour window');
    expect(html).toContain('up to 7 days later, with Meta&#x27;s human agent tag');
    expect(html).toContain(CONNECTED.webhookUrl);
    expect(html).toContain(CONNECTED.verifyToken);
    expect(html).toContain('>Copy the Callback URL</button>');
    expect(html).toContain('>Copy the Verify token</button>');
    // Meta's own names stand out as the owner will look for them in Meta's screens.
    expect(html).toContain('<strong class="font-semibold text-ink">message_reactions</strong>');
    expect(html).toContain('5 minutes ago');
    expect(html).toContain('No message yet');
    // Not a field of the form, and never a value the server could have sent back.
    expect(html).not.toContain('type="password"');
    expect(html).not.toContain('<input');
    // A kind the product knows is said in its own words, not in the words the server stored.
    expect(html).toContain('Meta refused the Page access token: it expired or was revoked.');
    expect(html).not.toContain('The words the server stored.');
    expect(html).toContain('Meta&#x27;s code: 190');
    expect(html).toMatch(/role="switch" aria-checked="true"[^>]*data-testid="meta-pause"/);
    expect(html).toContain('the last person who wrote to your Page');
    for (const label of ['Send a test message', 'Replace token or secret', 'Disconnect Messenger and Instagram'])
      expect(html).toMatch(new RegExp(`<button type="button"[^>]*>${label}</button>`));
    expect(html).not.toContain('meta-callback-warning');

    const spanish = await render('es', CONNECTED);
    expect(spanish).toContain('Conectado a la página Casa Lucía Bakery (104729385610234) y a Instagram @casalucia.bakes.');
    expect(spanish).toContain('hace 5 minutos');
    expect(spanish).toContain('Meta rechazó el token de acceso de la página');
    expect(spanish).toContain('Código de Meta: 190');
    expect(spanish).toContain('Desconectar Messenger e Instagram');
    expect(spanish).toContain('>Copiar la Callback URL</button>');
  });

  it('says how to link Instagram when the Page has no Instagram account, and names an account without a username by its id', async () => {
    const pageOnly = await render('en', { ...CONNECTED, instagram: null });
    expect(pageOnly).toContain('Connected to Page Casa Lucía Bakery (104729385610234).');
    expect(pageOnly).toContain('No Instagram account is linked to this Page.');
    expect(pageOnly).not.toContain('@casalucia');
    const withId = await render('en', { ...CONNECTED, instagram: { id: '17841400000000001', username: null } });
    expect(withId).toContain('and its Instagram account (17841400000000001).');
    expect(withId).not.toContain('No Instagram account');
    expect(await render('es', { ...CONNECTED, instagram: null })).toContain('Esta página no tiene ninguna cuenta de Instagram vinculada.');
  });

  it('warns, in the owner’s language, when Meta cannot call the Callback URL, and ties it to the copy button only', async () => {
    const loopback = await render('en', { ...CONNECTED, webhookUrl: 'http://127.0.0.1:4321/api/v1/meta/x/webhook', callbackProblem: 'loopback' });
    expect(loopback).toContain('Meta cannot call this Callback URL');
    expect(loopback).toContain('127.0.0.1:4321 is this computer&#x27;s own address, and Meta only calls public https addresses.');
    const warning = /<div id="([^"]+)" data-testid="meta-callback-warning"><div role="status"/.exec(loopback)?.[1];
    const describes = (label: string) => new RegExp(`<button type="button" aria-describedby="([^"]+)"[^>]*>${label}</button>`).exec(loopback)?.[1];
    expect(warning).toBeDefined();
    expect(describes('Copy the Callback URL')).toBe(warning);
    expect(describes('Copy the Verify token')).toBeUndefined();

    const http = await render('es', { ...CONNECTED, webhookUrl: 'http://sparks.example.com/api/v1/meta/x/webhook', callbackProblem: 'plain-http' });
    expect(http).toContain('Meta no puede llamar a esta Callback URL');
    expect(http).toContain('Esta dirección empieza por http://');
  });
});
