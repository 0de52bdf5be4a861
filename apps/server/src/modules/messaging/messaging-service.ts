import {
  ERROR_CODES,
  META_WINDOW_HOURS,
  messagingNotConnected,
  type ConnectMetaBody,
  type ConnectTelegramBody,
  type MessagingChannel,
  type MessagingPlatform,
  type UpdateMessagingBody,
} from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/sql-results.js';
import { AppError } from '../../lib/app-error.js';
import { callbackProblem } from '../../lib/callback-problem.js';
import { randomToken } from '../../lib/secrets.js';
import { SecretBox } from '../../lib/secret-box.js';
import { questionLanguage } from '../../llm/question-language.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { ChannelSender } from './channel-sender.js';
import type { MetaGraph } from './meta-graph.js';
import { MessagingRepository, type ChannelRow } from './messaging-repository.js';
import { MESSAGING_REPLIES } from './messaging-replies.js';
import { PlatformProblem } from './platform-problem.js';
import type { TelegramBot } from './telegram-bot.js';

export interface MessagingDeps {
  sparks: SparksService;
  graph: MetaGraph;
  telegram: TelegramBot;
  appSecret: string;
}

/** What is sealed at rest for a channel: never sent to a browser. Meta's Page token and app secret, or Telegram's bot token. */
export type ChannelSecrets = { platform: 'meta'; pageAccessToken: string; appSecret: string } | { platform: 'telegram'; botToken: string };

const NAMES: Record<MessagingPlatform, string> = { meta: 'a Facebook Page', telegram: 'a Telegram bot' };
const notConnected = (platform: MessagingPlatform) => new AppError(404, ERROR_CODES.NOT_FOUND, `This Spark is not connected to ${NAMES[platform]}.`);
const refused = (problem: PlatformProblem) =>
  new AppError(
    problem.kind === 'network' ? 502 : 400,
    problem.kind === 'network' ? ERROR_CODES.SERVICE_UNAVAILABLE : ERROR_CODES.VALIDATION_FAILED,
    problem.message,
  );
const takenElsewhere = (platform: MessagingPlatform) =>
  new AppError(
    409,
    ERROR_CODES.CONFLICT,
    platform === 'meta'
      ? 'This Page already answers with another Spark: disconnect it there first.'
      : 'This bot already answers with another Spark: disconnect it there first.',
  );

/** The path of a channel's webhook under the API, by platform. */
const WEBHOOK_PATHS: Record<MessagingPlatform, string> = { meta: 'meta', telegram: 'telegram' };

/**
 * A Spark's channels on Meta (a Page's Messenger and its Instagram account) and Telegram, the
 * owner's side (docs/decisions/0041): connecting with the values the platform gave, checked with the
 * platform before anything is kept; pausing; the test message; disconnecting. Secrets are sealed at
 * rest and never read back.
 */
export class MessagingService {
  /** Writes on a channel with its own token: the replies, the person's messages from Live, the test. */
  readonly sender: ChannelSender;
  private readonly repository: MessagingRepository;
  private readonly box: SecretBox;

  constructor(
    db: Db,
    private readonly deps: MessagingDeps,
  ) {
    this.repository = new MessagingRepository(db);
    this.box = new SecretBox(deps.appSecret, 'messaging channel secrets v1');
    this.sender = new ChannelSender({ graph: deps.graph, telegram: deps.telegram, secrets: (row) => this.secretsOf(row) });
  }

  async view(tenantId: string, sparkId: string, platform: MessagingPlatform, publicUrl: string): Promise<MessagingChannel> {
    await this.deps.sparks.get(tenantId, sparkId);
    const row = await this.repository.ofSpark(tenantId, sparkId, platform);
    return row ? this.viewOf(row, publicUrl) : messagingNotConnected(platform);
  }

  /** A Page: its token must be the Page's (Meta says whose it is); the app is subscribed to its messages, and its Instagram account found. */
  async connectMeta(tenantId: string, sparkId: string, body: ConnectMetaBody, publicUrl: string): Promise<MessagingChannel> {
    await this.deps.sparks.get(tenantId, sparkId);
    const page = { pageId: body.pageId, accessToken: body.pageAccessToken };
    const found = await this.deps.graph.me(page).catch(rethrow);
    if (found.id !== body.pageId)
      throw new AppError(
        400,
        ERROR_CODES.VALIDATION_FAILED,
        'This access token is not the Page’s: generate the token for this Page in the Messenger settings (a user token will not do).',
      );
    if (await this.repository.takenElsewhere('meta', body.pageId, sparkId)) throw takenElsewhere('meta');
    const instagram = await this.deps.graph.instagramOf(page).catch(rethrow);
    await this.deps.graph.subscribe(page).catch(rethrow);
    const secrets: ChannelSecrets = { platform: 'meta', pageAccessToken: body.pageAccessToken, appSecret: body.appSecret };
    const row = await this.saved({
      tenantId,
      sparkId,
      platform: 'meta',
      accountId: body.pageId,
      name: found.name,
      instagramId: instagram?.id ?? null,
      instagramUsername: instagram?.username ?? null,
      sealed: await this.box.seal(secrets),
      webhookSecret: `sparks_${randomToken(24)}`,
    });
    return this.viewOf(row, publicUrl);
  }

  /**
   * A bot: Telegram says which bot the token is; the product points the bot's webhook here with a
   * secret token. A webhook Telegram refuses (an address it cannot call) stays on the card.
   */
  async connectTelegram(tenantId: string, sparkId: string, body: ConnectTelegramBody, publicUrl: string): Promise<MessagingChannel> {
    await this.deps.sparks.get(tenantId, sparkId);
    const bot = await this.deps.telegram.me(body.botToken).catch(rethrow);
    if (await this.repository.takenElsewhere('telegram', bot.id, sparkId)) throw takenElsewhere('telegram');
    const secrets: ChannelSecrets = { platform: 'telegram', botToken: body.botToken };
    const row = await this.saved({
      tenantId,
      sparkId,
      platform: 'telegram',
      accountId: bot.id,
      name: bot.username,
      instagramId: null,
      instagramUsername: null,
      sealed: await this.box.seal(secrets),
      // Telegram's secret token: 1–256 of A-Z, a-z, 0-9, _ and -.
      webhookSecret: randomToken(32),
    });
    try {
      await this.deps.telegram.setWebhook(body.botToken, this.webhookUrl(row, publicUrl), row.webhookSecret);
      return this.viewOf((await this.repository.noteProblem(row.id, null)) ?? row, publicUrl);
    } catch (error) {
      if (!(error instanceof PlatformProblem)) throw error;
      return this.viewOf((await this.repository.noteProblem(row.id, { ...error.toProblem(), kind: 'webhook' })) ?? row, publicUrl);
    }
  }

  async update(tenantId: string, sparkId: string, platform: MessagingPlatform, body: UpdateMessagingBody, publicUrl: string): Promise<MessagingChannel> {
    const row = await this.owned(tenantId, sparkId, platform);
    const change = {
      ...(body.paused !== undefined ? { paused: body.paused } : {}),
      ...(body.allowGroups !== undefined ? { allowGroups: body.allowGroups } : {}),
    };
    return this.viewOf((await this.repository.update(row.id, change)) ?? row, publicUrl);
  }

  /** Forgets the channel and its secrets; a bot's webhook is removed first, so Telegram stops sending here. */
  async disconnect(tenantId: string, sparkId: string, platform: MessagingPlatform): Promise<void> {
    const row = await this.owned(tenantId, sparkId, platform);
    const secrets = await this.secretsOf(row).catch(() => null);
    // A revoked token cannot remove the webhook, and need not: the channel's address stops answering.
    if (secrets?.platform === 'telegram') await this.deps.telegram.deleteWebhook(secrets.botToken).catch(() => undefined);
    await this.repository.delete(row.id);
  }

  /**
   * Sends the test message to whoever last wrote to the Page or the bot (the platforms let a
   * business write only to people who wrote first); the platform's refusal comes back in plain
   * words and stays on the card.
   */
  async sendTest(tenantId: string, sparkId: string, platform: MessagingPlatform): Promise<void> {
    const row = await this.owned(tenantId, sparkId, platform);
    const spark = await this.deps.sparks.get(tenantId, sparkId);
    const last = await this.repository.lastOfChannel(row.id);
    if (!last)
      throw new AppError(
        409,
        ERROR_CODES.CONFLICT,
        platform === 'meta'
          ? 'Nobody has written to the Page yet: send it a message from your own Messenger or Instagram first, then send the test.'
          : 'Nobody has written to the bot yet: open it in Telegram and send /start first, then send the test.',
      );
    if (platform === 'meta' && Date.now() - last.sentAt.getTime() > META_WINDOW_HOURS * 3_600_000)
      throw new AppError(
        409,
        ERROR_CODES.CONFLICT,
        'The last message to the Page is more than 24 hours old: Meta lets the Page write only within 24 hours. Write to it again first.',
      );
    const language = questionLanguage(spark.options.initialMessage, 'en');
    const where =
      platform === 'telegram' ? `@${row.name ?? 'bot'}` : last.surface === 'instagram' ? `@${row.instagramUsername ?? 'instagram'}` : (row.name ?? 'the Page');
    try {
      await this.sender.send(row, last.sender, MESSAGING_REPLIES.test[language](spark.name, where));
    } catch (error) {
      if (!(error instanceof PlatformProblem)) throw error;
      await this.repository.noteProblem(row.id, error.toProblem());
      throw new AppError(502, ERROR_CODES.SERVICE_UNAVAILABLE, error.message);
    }
    await this.repository.update(row.id, { lastSentAt: new Date(), lastProblem: null });
  }

  /** The Spark a channel answers with: its name and welcome, for the fixed replies. */
  sparkOf(row: ChannelRow) {
    return this.deps.sparks.get(row.tenantId, row.sparkId);
  }

  /** The sealed secrets; a channel sealed under another server secret must be connected again. */
  async secretsOf(row: ChannelRow): Promise<ChannelSecrets> {
    const opened = (await this.box.open(row.sealed)) as Partial<{ platform: string; pageAccessToken: string; appSecret: string; botToken: string }> | undefined;
    if (opened?.platform === 'meta' && typeof opened.pageAccessToken === 'string' && typeof opened.appSecret === 'string')
      return { platform: 'meta', pageAccessToken: opened.pageAccessToken, appSecret: opened.appSecret };
    if (opened?.platform === 'telegram' && typeof opened.botToken === 'string') return { platform: 'telegram', botToken: opened.botToken };
    throw new AppError(409, ERROR_CODES.CONFLICT, 'The channel’s secrets can no longer be read (the server’s secret changed): connect it again.');
  }

  async owned(tenantId: string, sparkId: string, platform: MessagingPlatform): Promise<ChannelRow> {
    await this.deps.sparks.get(tenantId, sparkId);
    const row = await this.repository.ofSpark(tenantId, sparkId, platform);
    if (!row) throw notConnected(platform);
    return row;
  }

  /** Saves the channel; two owners connecting one Page or bot at once: the second hears it is taken. */
  private async saved(channel: Parameters<MessagingRepository['save']>[0]): Promise<ChannelRow> {
    try {
      return await this.repository.save(channel);
    } catch (error) {
      if (isUniqueViolation(error)) throw takenElsewhere(channel.platform);
      throw error;
    }
  }

  private webhookUrl(row: ChannelRow, publicUrl: string): string {
    return `${publicUrl.replace(/\/$/, '')}/api/v1/${WEBHOOK_PATHS[row.platform]}/${row.id}/webhook`;
  }

  private viewOf(row: ChannelRow, publicUrl: string): MessagingChannel {
    const webhookUrl = this.webhookUrl(row, publicUrl);
    return {
      platform: row.platform,
      connected: true,
      accountId: row.accountId,
      name: row.name,
      instagram: row.instagramId ? { id: row.instagramId, username: row.instagramUsername } : null,
      webhookUrl,
      callbackProblem: callbackProblem(webhookUrl),
      verifyToken: row.platform === 'meta' ? row.webhookSecret : null,
      paused: row.paused,
      allowGroups: row.allowGroups,
      lastReceivedAt: row.lastReceivedAt?.toISOString() ?? null,
      lastSentAt: row.lastSentAt?.toISOString() ?? null,
      lastProblem: row.lastProblem ?? null,
    };
  }
}

/** The platform's refusal of what the owner pasted, in plain words: a 400 (a 502 when it could not be reached). */
function rethrow(error: unknown): never {
  throw error instanceof PlatformProblem ? refused(error) : error;
}
