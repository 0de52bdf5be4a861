import { createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, WHATSAPP_WINDOW_HOURS, type Language, type WidgetMessage } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/secrets.js';
import { questionLanguage } from '../../llm/question-language.js';
import type { ChannelTurnsService } from '../channels/channel-turns-service.js';
import { MetaProblem, metaProblemOf } from './meta-problem.js';
import { senderLanguage } from './sender-language.js';
import { readDelivery } from './whatsapp-delivery.js';
import type { WhatsappCloud } from './whatsapp-cloud.js';
import { WHATSAPP_REPLIES } from './whatsapp-replies.js';
import { WhatsappRepository, type ChannelRow, type MessageRow } from './whatsapp-repository.js';
import { problemOf, type WhatsappService } from './whatsapp-service.js';
import { whatsappReply } from './whatsapp-text.js';

export const WHATSAPP_REPLY_JOB = 'whatsapp-reply';
/** Answers one sender gets in a minute, as a widget visitor: more messages are kept but not answered. */
const ANSWERS_PER_MINUTE = 12;
/** Days a delivered message is kept beside its conversation: longer than Meta retries a delivery. */
const KEEP_DAYS = 8;
/** The reactions that are votes (skin tones and variation selectors aside); an empty emoji withdraws. */
const REACTIONS = new Map<string, 'up' | 'down' | null>([
  ['👍', 'up'],
  ['👎', 'down'],
  ['', null],
]);
/** Messages one delivery may bring: Meta batches a few; more is not a delivery of ours to take. */
const MESSAGES_PER_DELIVERY = 100;

export interface WhatsappInboxDeps {
  channels: WhatsappService;
  turns: ChannelTurnsService;
  cloud: WhatsappCloud;
  appSecret: string;
  send(job: string, data: object, key: string): Promise<void>;
  /** Whether a person has the sender's conversation: then the Spark is not the one about to type. */
  personHolds(sparkId: string, visitorHash: string): Promise<boolean>;
}

/** What the reply job sends: the parts, the stored answer they carry (for votes), and whether a person has the conversation. */
interface Reply {
  parts: string[];
  answerId: string | null;
  held: boolean;
}

/** A stored answer as WhatsApp parts; nothing to send when there is none. */
const replyOf = (reply: WidgetMessage | null, language: Language): Omit<Reply, 'held'> =>
  reply ? { parts: whatsappReply(reply, language), answerId: reply.id ?? null } : { parts: [], answerId: null };

const unknownChannel = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'No WhatsApp channel has this address.');

/**
 * Meta's side of a WhatsApp channel (docs/decisions/0031): the webhook's verification, signed
 * deliveries kept once each and acknowledged at once, and the reply job, which answers a message
 * through the channel layer and sends the answer within WhatsApp's rules.
 */
export class WhatsappInbox {
  private readonly repository: WhatsappRepository;

  constructor(
    db: Db,
    private readonly deps: WhatsappInboxDeps,
  ) {
    this.repository = new WhatsappRepository(db);
  }

  /** Meta's check when the owner saves the Callback URL: the challenge back, if the verify token is this channel's. */
  async verify(channelId: string, query: { mode: string; token: string; challenge: string }): Promise<string> {
    const channel = await this.repository.byId(channelId);
    if (!channel) throw unknownChannel();
    if (query.mode !== 'subscribe' || !safeEqual(query.token, channel.verifyToken))
      throw new AppError(403, ERROR_CODES.FORBIDDEN, 'The verify token does not match this channel’s: copy it again from Sparks.');
    return query.challenge;
  }

  /**
   * A delivery: checked against X-Hub-Signature-256 (the HMAC of the bytes received, keyed with the
   * channel's app secret) before anything in it is read; each new message is kept and queued.
   */
  async receive(channelId: string, raw: Buffer, signature: string | undefined): Promise<number> {
    const channel = await this.repository.byId(channelId);
    if (!channel) throw unknownChannel();
    const { appSecret } = await this.deps.channels.secretsOf(channel);
    const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`);
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'The delivery is not signed with this channel’s app secret.');
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError(400, ERROR_CODES.INVALID_JSON, 'The delivery is not JSON.');
    }
    const delivery = readDelivery(body, channel.phoneNumberId);
    if (!delivery) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'The delivery is not a WhatsApp Business Account notification.');
    const [failure] = delivery.failures.slice(-1);
    if (failure) await this.repository.noteProblem(channel.id, problemOf(metaProblemOf(failure.code, failure.message)));
    let queued = 0;
    for (const message of delivery.messages.slice(0, MESSAGES_PER_DELIVERY)) {
      // A reaction to one of the Spark's replies is the customer's vote on that answer, not a question.
      if (message.reaction) {
        await this.react(channel, this.visitorOf(channel, message.from), message.reaction);
        continue;
      }
      const kept = await this.repository.receive({
        channelId: channel.id,
        messageId: message.id,
        visitorHash: this.visitorOf(channel, message.from),
        sender: message.from,
        kind: message.kind,
        text: message.text,
        sentAt: message.sentAt,
      });
      if (!kept) continue;
      // A paused channel keeps what arrives (it shows on the card) and answers none of it.
      if (channel.paused) await this.repository.settle(channel.id, message.id, { state: 'skipped' });
      else await this.deps.send(WHATSAPP_REPLY_JOB, { channelId: channel.id, messageId: message.id }, `${channel.id}:${message.id}`);
      queued += 1;
    }
    if (delivery.messages.length > 0) await this.repository.update(channel.id, { lastReceivedAt: new Date() });
    return queued;
  }

  /**
   * A conversation was handed back: the customer's newest message that went to a person goes
   * through the reply job again, where the Spark answers it if the person did not (docs/decisions/0030).
   */
  async handedBack(sparkId: string, visitorHash: string): Promise<void> {
    const channel = await this.repository.ofSparkId(sparkId);
    const held = channel && (await this.repository.lastHeld(channel.id, visitorHash));
    if (held) await this.deps.send(WHATSAPP_REPLY_JOB, { channelId: held.channelId, messageId: held.messageId }, `${held.channelId}:${held.messageId}`);
  }

  /**
   * The reply job: answers one kept message once, however often it is tried. A message that went
   * to a person is answered after the hand-back, when nobody answered it.
   */
  async reply(channelId: string, messageId: string, lastAttempt = true): Promise<void> {
    const message = await this.repository.message(channelId, messageId);
    const channel = message && (await this.repository.byId(channelId));
    if (!message || !channel || (message.state !== 'queued' && message.state !== 'held')) return;
    if (channel.paused) return this.repository.settle(channelId, messageId, { state: 'skipped' });
    if (Date.now() - message.sentAt.getTime() > WHATSAPP_WINDOW_HOURS * 3_600_000) {
      await this.repository.noteProblem(channelId, problemOf(metaProblemOf(131047, '')));
      return this.repository.settle(channelId, messageId, { state: 'failed' });
    }
    const answered = message.reply
      ? { parts: message.reply, answerId: message.answerId, held: false }
      : message.state === 'held'
        ? await this.answerLeft(channel, message, lastAttempt)
        : await this.answer(channel, message);
    // A flood: kept, not answered.
    if (answered === null) return this.repository.settle(channelId, messageId, { state: 'skipped' });
    const { parts } = answered;
    if (answered.held) return this.repository.settle(channelId, messageId, { state: 'held' });
    if (parts.length === 0) return this.repository.settle(channelId, messageId, { state: 'answered', reply: [] });
    await this.repository.settle(channelId, messageId, { reply: parts, answerId: answered.answerId });
    const sender = await this.deps.channels.senderOf(channel);
    const sentIds = [...message.sentIds];
    for (const [index, part] of parts.entries()) {
      try {
        sentIds.push(await this.deps.cloud.sendText(sender, message.sender, part));
      } catch (error) {
        if (!(error instanceof MetaProblem)) throw error;
        await this.repository.noteProblem(channelId, problemOf(error));
        // Meta slowing the number down passes: the parts not sent yet go on the next try.
        if (error.passing) throw error;
        return this.repository.settle(channelId, messageId, { state: 'failed' });
      }
      await this.repository.settle(channelId, messageId, { reply: parts.slice(index + 1), sentIds });
    }
    await this.repository.settle(channelId, messageId, { state: 'answered' });
    await this.repository.update(channelId, { lastSentAt: new Date(), lastProblem: null });
  }

  /**
   * What to send: the Spark's answer, or a fixed reply in the sender's language; nothing while a
   * person has the conversation (the message is held for them); null past the minute's answers (a flood).
   */
  private async answer(channel: ChannelRow, message: MessageRow): Promise<Reply | null> {
    const fallback = senderLanguage(message.sender);
    if ((await this.repository.answeredSince(channel.id, message.visitorHash, new Date(Date.now() - 60_000))) >= ANSWERS_PER_MINUTE) return null;
    await this.seen(channel, message);
    if (message.kind !== 'text' || !message.text?.trim()) {
      const language: Language = questionLanguage((await this.repository.lastText(channel.id, message.visitorHash)) ?? '', fallback);
      return { parts: [WHATSAPP_REPLIES.notText[language]], answerId: null, held: false };
    }
    const language = questionLanguage(message.text, fallback);
    try {
      const { reply, askedForPerson, held } = await this.deps.turns.reply({
        sparkId: channel.sparkId,
        visitor: { hash: message.visitorHash, channel: 'whatsapp' },
        text: message.text,
        language,
      });
      // A request for a person is answered as stored (WhatsApp's words for it), but is no answer to vote on.
      return { ...replyOf(reply, language), ...(askedForPerson ? { answerId: null } : {}), held };
    } catch (error) {
      // The plan's interactions or the daily caps are used up, or the owner's account is paused: a polite fixed reply.
      if (error instanceof AppError && [402, 423, 429].includes(error.statusCode))
        return { parts: [WHATSAPP_REPLIES.unavailable[language]], answerId: null, held: false };
      throw error;
    }
  }

  /**
   * A message that went to a person, after the hand-back: the Spark's answer when nobody answered
   * it (or its request to ask again), nothing when the person did; still held when a person has the
   * conversation again.
   */
  private async answerLeft(channel: ChannelRow, message: MessageRow, lastAttempt: boolean): Promise<Reply> {
    const held = await this.deps.personHolds(channel.sparkId, message.visitorHash);
    if (held) return { parts: [], answerId: null, held: true };
    await this.seen(channel, message);
    const language = questionLanguage(message.text ?? '', senderLanguage(message.sender));
    const reply = await this.deps.turns.leftUnanswered(channel.sparkId, message.visitorHash, language, lastAttempt);
    return { ...replyOf(reply, language), held: false };
  }

  /**
   * Housekeeping: a kept message (with the sender's number and words) is needed for Meta's retries,
   * which stop within a week, and for the 24-hour window; after KEEP_DAYS only the conversation
   * holds what was said, under the Spark's retention.
   */
  forgetOld(now = new Date()): Promise<number> {
    return this.repository.forgetBefore(new Date(now.getTime() - KEEP_DAYS * 86_400_000));
  }

  /**
   * Read receipts and "typing…" while the Spark prepares its answer, as a person at the business
   * would show them. A courtesy: if Meta refuses it, the answer still goes out.
   */
  private async seen(channel: ChannelRow, message: MessageRow): Promise<void> {
    const typing = !(await this.deps.personHolds(channel.sparkId, message.visitorHash));
    const sender = await this.deps.channels.senderOf(channel);
    await this.deps.cloud.markRead(sender, message.messageId, typing).catch(() => undefined);
  }

  /** 👍 and 👎 on a reply vote on its answer; taking the reaction back takes the vote back; other emoji say nothing. */
  private async react(channel: ChannelRow, visitorHash: string, reaction: { messageId: string; emoji: string }): Promise<void> {
    const rating = REACTIONS.get(reaction.emoji.replace(/\p{Emoji_Modifier}/gu, '').replace(/\uFE0F/g, ''));
    if (rating === undefined) return;
    const answerId = await this.repository.answerOfSent(channel.id, visitorHash, reaction.messageId);
    if (!answerId) return;
    // An answer since deleted by retention, or no longer theirs, is simply not voted on.
    await this.deps.turns.vote(channel.sparkId, visitorHash, { messageId: answerId, rating }).catch(() => undefined);
  }

  /** The sender as the conversation knows them: a keyed hash of their number, never the number itself. */
  private visitorOf(channel: ChannelRow, waId: string): string {
    return createHmac('sha256', this.deps.appSecret).update(`whatsapp:${channel.sparkId}:${waId}`).digest('hex');
  }
}
