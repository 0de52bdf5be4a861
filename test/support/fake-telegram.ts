import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A bot the fake knows, by the token BotFather gave. */
export interface FakeBot {
  id: number;
  username: string;
  token: string;
}

export interface SentTelegram {
  botId: number;
  chatId: string;
  messageId: number;
  text: string;
}

/** Telegram's failures: `error_code` (an HTTP status) and `description`. */
export interface TelegramFailure {
  status: number;
  description: string;
}

export const TELEGRAM_FAILURES = {
  revoked: { status: 401, description: 'Unauthorized' },
  blocked: { status: 403, description: 'Forbidden: bot was blocked by the user' },
  flood: { status: 429, description: 'Too Many Requests: retry after 3' },
} satisfies Record<string, TelegramFailure>;

/**
 * A Bot API-shaped stand-in for Telegram on loopback, from the Bot API reference: `bot<token>/<method>`
 * with JSON, answered `{ ok, result }` or `{ ok: false, error_code, description }`; the webhook as
 * `setWebhook` left it (its address and secret token), sendMessage's 1–4096 characters, chats the
 * bot may write to (those who wrote first). `update` builds updates in Telegram's shape.
 */
export async function startFakeTelegram(bots: FakeBot[]) {
  const sent: SentTelegram[] = [];
  const actions: Array<{ chatId: string; action: string }> = [];
  const left: string[] = [];
  const webhooks = new Map<number, { url: string; secret: string; allowedUpdates: string[] }>();
  const chats = new Set<string>();
  const failures: TelegramFailure[] = [];
  let nextMessageId = 500;
  let nextUpdateId = 880_000;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const ok = (result: unknown) => reply(200, { ok: true, result });
      const fail = (status: number, description: string) =>
        reply(status, { ok: false, error_code: status, description, ...(status === 429 ? { parameters: { retry_after: 3 } } : {}) });
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      if (!match) return fail(404, 'Not Found');
      const bot = bots.find((candidate) => candidate.token === match[1]);
      const failure = failures.shift();
      if (failure) return fail(failure.status, failure.description);
      if (!bot) return fail(401, 'Unauthorized');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return fail(400, "Bad Request: can't parse JSON object");
      }
      const chatId = body.chat_id === undefined ? '' : String(body.chat_id);
      switch (match[2]!.toLowerCase()) {
        case 'getme':
          return ok({ id: bot.id, is_bot: true, first_name: bot.username, username: bot.username, can_join_groups: true });
        case 'setwebhook': {
          const secret = String(body.secret_token ?? '');
          if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url))
            return fail(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
          if (!/^[A-Za-z0-9_-]{1,256}$/.test(secret)) return fail(400, 'Bad Request: secret token contains unallowed characters');
          webhooks.set(bot.id, { url: body.url, secret, allowedUpdates: Array.isArray(body.allowed_updates) ? body.allowed_updates.map(String) : [] });
          return reply(200, { ok: true, result: true, description: 'Webhook was set' });
        }
        case 'deletewebhook':
          webhooks.delete(bot.id);
          return reply(200, { ok: true, result: true, description: 'Webhook was deleted' });
        case 'sendmessage': {
          const text = typeof body.text === 'string' ? body.text : '';
          if (!text.trim()) return fail(400, 'Bad Request: message text is empty');
          if (text.length > 4096) return fail(400, 'Bad Request: message is too long');
          if (!chats.has(chatId)) return fail(400, 'Bad Request: chat not found');
          nextMessageId += 1;
          sent.push({ botId: bot.id, chatId, messageId: nextMessageId, text });
          return ok({ message_id: nextMessageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'private' }, text });
        }
        case 'sendchataction':
          if (!chats.has(chatId)) return fail(400, 'Bad Request: chat not found');
          actions.push({ chatId, action: String(body.action) });
          return ok(true);
        case 'leavechat':
          left.push(chatId);
          chats.delete(chatId);
          return ok(true);
        default:
          return fail(404, 'Not Found: method not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const from = (id: number, language = 'es') => ({ id, is_bot: false, first_name: 'Lucía', language_code: language });
  return {
    /** TELEGRAM_API_URL for the app under test. */
    apiUrl: `http://127.0.0.1:${port}`,
    sent,
    actions,
    left,
    webhookOf: (bot: FakeBot) => webhooks.get(bot.id),
    failNext: (...next: TelegramFailure[]) => failures.push(...next),
    /** A private message (text, /start, or a sticker when `text` is absent) from a user, as an update; the chat may then be written to. */
    message(userId: number, text: string | undefined, options: { language?: string; chat?: { id: number; type: 'private' | 'group' | 'supergroup' } } = {}) {
      const chat = options.chat ?? { id: userId, type: 'private' as const };
      chats.add(String(chat.id));
      nextMessageId += 1;
      return {
        update_id: (nextUpdateId += 1),
        message: {
          message_id: nextMessageId,
          from: from(userId, options.language),
          chat: chat.type === 'private' ? { ...chat, first_name: 'Lucía' } : { ...chat, title: 'Vecinos del barrio' },
          date: Math.floor(Date.now() / 1000),
          ...(text === undefined ? { sticker: { file_id: 'CAACAgIAAxkBAAE', width: 512, height: 512, is_animated: false } } : { text }),
          ...(text?.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(/\s/)[0]!.length }] } : {}),
        },
      };
    },
    /** The user's reaction to one of the bot's messages (none: taken back). */
    reaction(userId: number, messageId: number, emoji: string | null) {
      return {
        update_id: (nextUpdateId += 1),
        message_reaction: {
          chat: { id: userId, type: 'private', first_name: 'Lucía' },
          message_id: messageId,
          user: from(userId),
          date: Math.floor(Date.now() / 1000),
          old_reaction: [],
          new_reaction: emoji ? [{ type: 'emoji', emoji }] : [],
        },
      };
    },
    /** The bot added to a group. */
    addedToGroup(chatId: number, userId: number) {
      chats.add(String(chatId));
      return {
        update_id: (nextUpdateId += 1),
        my_chat_member: {
          chat: { id: chatId, type: 'group', title: 'Vecinos del barrio' },
          from: from(userId),
          date: Math.floor(Date.now() / 1000),
          old_chat_member: { status: 'left', user: { id: bots[0]!.id, is_bot: true, first_name: bots[0]!.username } },
          new_chat_member: { status: 'member', user: { id: bots[0]!.id, is_bot: true, first_name: bots[0]!.username } },
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
