import { messagingNotConnected, type Language, type MessagingChannel } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { messagingKey } from '../api/use-messaging';
import { TelegramCard } from './telegram-card';

const SPARK_ID = 'spark-1';
const CONNECTED: MessagingChannel = {
  platform: 'telegram',
  connected: true,
  accountId: '7212345678',
  name: 'casalucia_bot',
  instagram: null,
  webhookUrl: 'https://sparks.example.com/api/v1/telegram/3f0c1a52-6d1e-4c8e-9d43-0d3c7f1b2a10/webhook',
  callbackProblem: null,
  verifyToken: null,
  paused: true,
  allowGroups: false,
  lastReceivedAt: null,
  lastSentAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  lastProblem: { kind: 'token', message: 'The words the server stored.', code: 401, at: new Date().toISOString() },
};

const render = async (language: Language, channel: MessagingChannel) =>
  renderHtml(<TelegramCard sparkId={SPARK_ID} />, await testI18n(language), (client) => client.setQueryData(messagingKey(SPARK_ID, 'telegram'), channel));

const switchState = (html: string, testId: string) => new RegExp(`role="switch" aria-checked="(true|false)"[^>]*data-testid="${testId}"`).exec(html)?.[1];

describe('the Telegram card of the deploy panel', () => {
  it('guides an owner who has no bot yet through BotFather, with one unseen, empty field for the token', async () => {
    const html = await render('en', messagingNotConnected('telegram'));
    expect(html).toMatch(/<section aria-labelledby="([^"]+)"[^>]*data-testid="telegram-card"><h3 id="\1"[^>]*>Telegram<\/h3>/);
    expect(html).toContain('<strong class="font-semibold text-ink">@BotFather</strong>');
    expect(html).toContain('<strong class="font-semibold text-ink">/newbot</strong>');
    expect(html).toContain('copy it');
    expect(html).toMatch(
      /<label for="([^"]+)"[^>]*>Bot token<\/label>.*<input [^>]*id="\1"[^>]*type="password"[^>]*autoComplete="off"[^>]*spellCheck="false"[^>]*value=""/,
    );
    expect(html.match(/<input /g)).toHaveLength(1);
    expect(html).toContain('>Connect</button>');
    expect(html).not.toContain('role="switch"');

    const spanish = await render('es', messagingNotConnected('telegram'));
    expect(spanish).toContain('Crea un bot y copia su token');
    expect(spanish).toContain('Token del bot');
    expect(spanish).toContain('>Conectar</button>');
    expect(spanish).not.toContain('Bot token');
  });

  it('shows the connected bot with a link to open it, its health in the owner’s words and its two switches', async () => {
    const html = await render('en', CONNECTED);
    expect(html).toContain('Connected to @casalucia_bot.');
    expect(html).toMatch(
      /<a href="https:\/\/t\.me\/casalucia_bot" target="_blank" rel="noopener noreferrer"[^>]*>Open @casalucia_bot in Telegram<span class="sr-only"> \(opens in a new tab\)<\/span><\/a>/,
    );
    expect(html).toContain('3 hours ago');
    expect(html).toContain('Telegram refused the bot token: it was revoked or changed in BotFather.');
    expect(html).not.toContain('The words the server stored.');
    expect(html).toContain('Telegram&#x27;s code: 401');
    // Paused: the answering switch is off; groups are off, and the hint says what the bot does then.
    expect(switchState(html, 'telegram-pause')).toBe('false');
    expect(switchState(html, 'telegram-groups')).toBe('false');
    expect(html).toContain('The bot answers only in private chats: added to a group, it says so and leaves.');
    expect(html).toContain('send /start');
    for (const label of ['Send a test message', 'Replace bot token', 'Disconnect Telegram'])
      expect(html).toMatch(new RegExp(`<button type="button"[^>]*>${label}</button>`));
    // Telegram's webhook is the product's business: nothing to copy, no secret field.
    expect(html).not.toContain('Callback URL');
    expect(html).not.toContain('<input');
    expect(html).not.toContain('telegram-callback-warning');

    const groups = await render('en', { ...CONNECTED, paused: false, allowGroups: true });
    expect(switchState(groups, 'telegram-pause')).toBe('true');
    expect(switchState(groups, 'telegram-groups')).toBe('true');
    expect(groups).toContain('The bot answers in the groups it is added to.');
    expect(groups).not.toContain('only in private chats');

    const spanish = await render('es', CONNECTED);
    expect(spanish).toContain('Conectado a @casalucia_bot.');
    expect(spanish).toContain('Responder en grupos');
    expect(spanish).toContain('El bot solo responde en chats privados');
    expect(spanish).toContain('Telegram rechazó el token del bot');
    expect(spanish).toContain('Código de Telegram: 401');
    expect(spanish).toContain('hace 3 horas');
  });

  it('warns, in the owner’s language, when Telegram cannot reach this Sparks', async () => {
    const at = (origin: string) => `${origin}/api/v1/telegram/3f0c1a52-6d1e-4c8e-9d43-0d3c7f1b2a10/webhook`;
    const lan = await render('en', { ...CONNECTED, webhookUrl: at('http://192.168.1.20:3000'), callbackProblem: 'private' });
    expect(lan).toMatch(/data-testid="telegram-callback-warning"><div role="status"/);
    expect(lan).toContain('Telegram cannot reach this Sparks');
    expect(lan).toContain('192.168.1.20:3000 can only be reached inside your own network, and Telegram only calls public https addresses');
    const spanish = await render('es', { ...CONNECTED, webhookUrl: at('http://localhost:3000'), callbackProblem: 'loopback' });
    expect(spanish).toContain('Telegram no puede llegar a este Sparks');
    expect(spanish).toContain('localhost:3000 es la dirección propia de este ordenador');
  });
});
