import type { MessagingPlatform, MessagingProblem } from '@sparks/contract';

/** A call to Meta or Telegram that failed, in the owner's terms: what kind of problem, the platform's code, and what to do. */
export class PlatformProblem extends Error {
  constructor(
    readonly kind: MessagingProblem['kind'],
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PlatformProblem';
  }

  /** Worth trying again later: the platform is slowing the channel down, or could not be reached. */
  get passing(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'network';
  }

  /** As the card keeps it. */
  toProblem(): MessagingProblem {
    return { kind: this.kind, message: this.message, code: this.code, at: new Date().toISOString() };
  }
}

const UNREACHABLE: Record<MessagingPlatform, string> = {
  meta: 'Meta could not be reached. Replies are tried again in a moment.',
  telegram: 'Telegram could not be reached. Replies are tried again in a moment.',
};

export const unreachable = (platform: MessagingPlatform) => new PlatformProblem('network', null, UNREACHABLE[platform]);

const said = (message: string, code: number | null, platform: string) => {
  const words = message.trim().slice(0, 300);
  return `${platform} refused the message${words ? `: ${words}` : ''}${code !== null ? ` (code ${code})` : ''}.`;
};

/**
 * The Graph API's errors for Pages, read from `error.code` and `error_subcode`:
 * https://developers.facebook.com/docs/messenger-platform/error-codes
 */
export function metaProblemOf(code: number | null, subcode: number | null, message: string): PlatformProblem {
  if (code === 190 || code === 102)
    return new PlatformProblem(
      'token',
      code,
      'Meta refused the Page access token: it has expired or was revoked. Generate a new one for the Page and press Replace.',
    );
  // Outside the window Meta allows: 10 with subcode 2018278, or saying so ("outside of allowed window").
  if ((code === 10 && (subcode === 2018278 || /window/i.test(message))) || subcode === 2018065 || subcode === 2534022)
    return new PlatformProblem(
      'window',
      code,
      'More than 24 hours have passed since this customer last wrote: Meta lets the Page reply freely only within 24 hours.',
    );
  if (code === 551 || subcode === 2018001 || subcode === 2018108)
    return new PlatformProblem(
      'recipient',
      code,
      'This person cannot receive messages from the Page right now (they blocked it, left, or the conversation is not available).',
    );
  if (code === 10 || code === 200 || code === 230 || (code !== null && code > 200 && code <= 299))
    return new PlatformProblem(
      'permission',
      code,
      'The Page access token may not send messages: give the app the pages_messaging (and instagram_manage_messages) permission and generate a new token.',
    );
  if (code === 4 || code === 17 || code === 32 || code === 613)
    return new PlatformProblem('rate-limit', code, 'Meta is slowing down the Page’s messages for a while: replies resume by themselves.');
  return new PlatformProblem('platform', code, said(message, code, 'Meta'));
}

/**
 * The Bot API's errors: `error_code` is an HTTP status, `description` says which
 * (https://core.telegram.org/bots/api#making-requests).
 */
export function telegramProblemOf(code: number | null, description: string): PlatformProblem {
  if (code === 401 || code === 404)
    return new PlatformProblem('token', code, 'Telegram refused the bot token: it was revoked or changed in BotFather. Paste the new token and press Replace.');
  if (code === 429) return new PlatformProblem('rate-limit', code, 'Telegram is slowing down the bot’s messages for a while: replies resume by themselves.');
  if (code === 403)
    return new PlatformProblem('recipient', code, 'This person blocked the bot, or the bot is no longer in the chat: Telegram does not let it write there.');
  if (code === 400 && /chat not found/i.test(description))
    return new PlatformProblem('recipient', code, 'Telegram does not know this chat: the person has not started the bot, or deleted the chat.');
  if (code === 400 && /webhook/i.test(description))
    return new PlatformProblem('webhook', code, `Telegram did not accept the webhook address: ${description.slice(0, 200)}`);
  return new PlatformProblem('platform', code, said(description, code, 'Telegram'));
}
