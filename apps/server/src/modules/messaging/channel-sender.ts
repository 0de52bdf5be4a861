import type { ChannelRow } from './messaging-repository.js';
import type { MetaGraph, MetaSendKind } from './meta-graph.js';
import type { ChannelSecrets } from './messaging-service.js';
import type { TelegramBot } from './telegram-bot.js';

interface ChannelSenderDeps {
  graph: MetaGraph;
  telegram: TelegramBot;
  secrets(row: ChannelRow): Promise<ChannelSecrets>;
}

/** Writes on a channel's platform with the channel's own token, whichever platform it is: a text, "typing…", leaving a group. */
export class ChannelSender {
  constructor(private readonly deps: ChannelSenderDeps) {}

  /** Sends one text (within the platform's limit); answers the platform's id of it. `human-agent`: a person's late reply on Meta. */
  async send(row: ChannelRow, to: string, text: string, kind: MetaSendKind = 'response'): Promise<string> {
    const secrets = await this.deps.secrets(row);
    return secrets.platform === 'meta'
      ? this.deps.graph.sendText({ pageId: row.accountId, accessToken: secrets.pageAccessToken }, to, text, kind)
      : this.deps.telegram.sendText(secrets.botToken, to, text);
  }

  async typing(row: ChannelRow, to: string): Promise<void> {
    const secrets = await this.deps.secrets(row);
    if (secrets.platform === 'meta') await this.deps.graph.typing({ pageId: row.accountId, accessToken: secrets.pageAccessToken }, to);
    else await this.deps.telegram.typing(secrets.botToken, to);
  }

  /** Telegram only: leaves a group the bot may not answer in. */
  async leave(row: ChannelRow, chatId: string): Promise<void> {
    const secrets = await this.deps.secrets(row);
    if (secrets.platform === 'telegram') await this.deps.telegram.leave(secrets.botToken, chatId);
  }
}
