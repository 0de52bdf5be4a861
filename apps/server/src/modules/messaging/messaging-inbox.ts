import { createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/secrets.js';
import type { ChannelTurnsService } from '../channels/channel-turns-service.js';
import type { InboundEvent } from './inbound-event.js';
import { readMetaDelivery } from './meta-delivery.js';
import { MessagingRepository, type ChannelRow } from './messaging-repository.js';
import type { MessagingService } from './messaging-service.js';
import { readTelegramUpdate } from './telegram-update.js';

export const MESSAGING_REPLY_JOB = 'messaging-reply';
/** Days a delivered message is kept beside its conversation: longer than the platforms retry, and than Meta's 7-day window for a person's reply. */
const KEEP_DAYS = 8;
/** The reactions that are votes (skin tones and variation selectors aside); none withdraws. */
const REACTIONS = new Map<string, 'up' | 'down'>([
  ['👍', 'up'],
  ['👎', 'down'],
]);
/** Events one delivery may bring: Meta batches a few; more is not a delivery of ours to take. */
const EVENTS_PER_DELIVERY = 100;

export interface MessagingInboxDeps {
  channels: MessagingService;
  turns: ChannelTurnsService;
  appSecret: string;
  send(job: string, data: object, key: string): Promise<void>;
}

const unknownChannel = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'No channel has this address.');
const notDelivery = (what: string) => new AppError(400, ERROR_CODES.VALIDATION_FAILED, `The body is not ${what}.`);

function json(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError(400, ERROR_CODES.INVALID_JSON, 'The delivery is not JSON.');
  }
}

/**
 * The platforms' side of a messaging channel (docs/decisions/0041): a delivery is proven first
 * (Meta's signature over the bytes, Telegram's secret token), its messages kept once each and
 * queued for the reply job, its reactions to the Spark's replies counted as votes.
 */
export class MessagingInbox {
  private readonly repository: MessagingRepository;

  constructor(
    db: Db,
    private readonly deps: MessagingInboxDeps,
  ) {
    this.repository = new MessagingRepository(db);
  }

  /** Meta's check when the owner saves the Callback URL: the challenge back, if the verify token is this channel's. */
  async verifyMeta(channelId: string, query: { mode: string; token: string; challenge: string }): Promise<string> {
    const channel = await this.channel(channelId, 'meta');
    if (query.mode !== 'subscribe' || !safeEqual(query.token, channel.webhookSecret))
      throw new AppError(403, ERROR_CODES.FORBIDDEN, 'The verify token does not match this channel’s: copy it again from Sparks.');
    return query.challenge;
  }

  /** A Page's or its Instagram account's delivery, checked against X-Hub-Signature-256 (the HMAC of the bytes with the app secret) before it is read. */
  async receiveMeta(channelId: string, raw: Buffer, signature: string | undefined): Promise<number> {
    const channel = await this.channel(channelId, 'meta');
    const secrets = await this.deps.channels.secretsOf(channel);
    const expected = Buffer.from(
      `sha256=${createHmac('sha256', secrets.platform === 'meta' ? secrets.appSecret : '')
        .update(raw)
        .digest('hex')}`,
    );
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'The delivery is not signed with this channel’s app secret.');
    const events = readMetaDelivery(json(raw), { pageId: channel.accountId, instagramId: channel.instagramId });
    if (!events) throw notDelivery('a Page or Instagram delivery');
    return this.take(channel, events);
  }

  /** A bot's update, carrying the webhook's secret token (X-Telegram-Bot-Api-Secret-Token) that the product set. */
  async receiveTelegram(channelId: string, raw: Buffer, secret: string | undefined): Promise<number> {
    const channel = await this.channel(channelId, 'telegram');
    if (!safeEqual(secret ?? '', channel.webhookSecret))
      throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'The update does not carry this bot’s secret token.');
    const events = readTelegramUpdate(json(raw));
    if (!events) throw notDelivery('a Telegram update');
    return this.take(channel, events);
  }

  /**
   * A conversation was handed back: the customer's newest message that went to a person goes
   * through the reply job again, where the Spark answers it if the person did not (docs/decisions/0030).
   */
  async handedBack(sparkId: string, visitorHash: string): Promise<void> {
    const held = await this.repository.lastHeld(sparkId, visitorHash);
    if (held) await this.queue(held.channelId, held.messageId);
  }

  /** Housekeeping: after KEEP_DAYS only the conversation holds what was said, under the Spark's retention. */
  forgetOld(now = new Date()): Promise<number> {
    return this.repository.forgetBefore(new Date(now.getTime() - KEEP_DAYS * 86_400_000));
  }

  /** The sender as the conversation knows them: a keyed hash of their id on the platform, never the id itself. */
  visitorOf(channel: ChannelRow, surface: string, from: string): string {
    return createHmac('sha256', this.deps.appSecret).update(`${surface}:${channel.sparkId}:${from}`).digest('hex');
  }

  private async take(channel: ChannelRow, events: InboundEvent[]): Promise<number> {
    let queued = 0;
    for (const event of events.slice(0, EVENTS_PER_DELIVERY)) {
      const visitorHash = this.visitorOf(channel, event.surface, event.from);
      if (event.type === 'reaction') {
        await this.react(channel, visitorHash, event.messageId, event.emoji);
        continue;
      }
      const kept = await this.repository.receive({
        channelId: channel.id,
        messageId: event.id,
        surface: event.surface,
        visitorHash,
        sender: event.from,
        senderLanguage: event.language,
        kind: event.kind,
        text: event.text,
        sentAt: event.sentAt,
      });
      if (!kept) continue;
      // A paused channel keeps what arrives (it shows on the card) and answers none of it.
      if (channel.paused) await this.repository.settle(channel.id, event.id, { state: 'skipped' });
      else await this.queue(channel.id, event.id);
      queued += 1;
    }
    if (events.some((event) => event.type === 'message')) await this.repository.update(channel.id, { lastReceivedAt: new Date() });
    return queued;
  }

  private queue(channelId: string, messageId: string): Promise<void> {
    return this.deps.send(MESSAGING_REPLY_JOB, { channelId, messageId }, `${channelId}:${messageId}`);
  }

  /** 👍 and 👎 on a reply vote on its answer; taking the reaction back takes the vote back; other emoji say nothing. */
  private async react(channel: ChannelRow, visitorHash: string, sentId: string, emoji: string | null): Promise<void> {
    const rating = emoji === null ? null : REACTIONS.get(emoji.replace(/\p{Emoji_Modifier}/gu, '').replace(/\uFE0F/g, ''));
    if (rating === undefined) return;
    const answerId = await this.repository.answerOfSent(channel.id, visitorHash, sentId);
    if (!answerId) return;
    // An answer since deleted by retention, or no longer theirs, is simply not voted on.
    await this.deps.turns.vote(channel.sparkId, visitorHash, { messageId: answerId, rating }).catch(() => undefined);
  }

  private async channel(channelId: string, platform: ChannelRow['platform']): Promise<ChannelRow> {
    const channel = await this.repository.byId(channelId);
    if (!channel || channel.platform !== platform) throw unknownChannel();
    return channel;
  }
}
