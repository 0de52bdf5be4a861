import { telegramProblemOf, unreachable } from './platform-problem.js';

/** How long a call to Telegram may take before it counts as unreachable. */
const CALL_TIMEOUT_MS = 15_000;
/** The updates a Spark reads: messages, reactions to its replies, and being added to a group. */
export const TELEGRAM_UPDATES = ['message', 'message_reaction', 'my_chat_member'] as const;

/** The Bot API's answer: `{ ok: true, result }` or `{ ok: false, error_code, description }`. */
interface BotAnswer {
  ok?: unknown;
  result?: unknown;
  error_code?: unknown;
  description?: unknown;
}

/**
 * Telegram's Bot API (`{api}/bot<token>/<method>`), the little of it a Spark needs: who the bot is,
 * its webhook, sending a text and "typing…", and leaving a group it may not answer in. Every
 * failure is a PlatformProblem.
 */
export class TelegramBot {
  constructor(private readonly apiUrl: string) {}

  async me(token: string): Promise<{ id: string; username: string | null }> {
    const me = (await this.call(token, 'getMe', {})) as { id?: unknown; username?: unknown };
    return { id: typeof me.id === 'number' || typeof me.id === 'string' ? String(me.id) : '', username: typeof me.username === 'string' ? me.username : null };
  }

  /** Points the bot's updates at the Spark's webhook; Telegram sends `secret` in X-Telegram-Bot-Api-Secret-Token with each. */
  async setWebhook(token: string, url: string, secret: string): Promise<void> {
    await this.call(token, 'setWebhook', { url, secret_token: secret, allowed_updates: TELEGRAM_UPDATES, max_connections: 40 });
  }

  async deleteWebhook(token: string): Promise<void> {
    await this.call(token, 'deleteWebhook', {});
  }

  /** Sends one text; answers Telegram's id of the message in that chat. */
  async sendText(token: string, chatId: string, text: string): Promise<string> {
    const sent = (await this.call(token, 'sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } })) as { message_id?: unknown };
    return typeof sent.message_id === 'number' ? String(sent.message_id) : '';
  }

  /** "typing…" for a few seconds, or until the reply arrives. */
  async typing(token: string, chatId: string): Promise<void> {
    await this.call(token, 'sendChatAction', { chat_id: chatId, action: 'typing' });
  }

  async leave(token: string, chatId: string): Promise<void> {
    await this.call(token, 'leaveChat', { chat_id: chatId });
  }

  private async call(token: string, method: string, payload: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl.replace(/\/$/, '')}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw unreachable('telegram');
    }
    const body = (await response.json().catch(() => ({}))) as BotAnswer;
    if (response.ok && body.ok === true) return body.result;
    throw telegramProblemOf(
      typeof body.error_code === 'number' ? body.error_code : response.status,
      typeof body.description === 'string' ? body.description : `HTTP ${response.status}`,
    );
  }
}
