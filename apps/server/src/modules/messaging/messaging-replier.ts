import { META_WINDOW_HOURS, type Language, type WidgetMessage } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { questionLanguage } from '../../llm/question-language.js';
import type { ChannelTurnsService } from '../channels/channel-turns-service.js';
import { MESSAGING_REPLIES } from './messaging-replies.js';
import { MessagingRepository, type ChannelRow, type MessageRow } from './messaging-repository.js';
import type { MessagingService } from './messaging-service.js';
import { PlatformProblem, metaProblemOf } from './platform-problem.js';
import { platformReply, splitFor, type MessagingSurface } from './platform-text.js';

/** Answers one sender gets in a minute, as a widget visitor: more messages are kept but not answered. */
const ANSWERS_PER_MINUTE = 12;

export interface MessagingReplierDeps {
  channels: MessagingService;
  turns: ChannelTurnsService;
  /** Whether a person has the sender's conversation: then the Spark is not the one about to type. */
  personHolds(sparkId: string, visitorHash: string): Promise<boolean>;
}

/** What the job sends: the parts, the stored answer they carry (for votes), whether a person has the conversation, and a group to leave after. */
interface Reply {
  parts: string[];
  answerId: string | null;
  held: boolean;
  leave?: boolean;
}

const fixed = (surface: MessagingSurface, text: string, more: Partial<Reply> = {}): Reply => ({
  parts: splitFor(surface, text),
  answerId: null,
  held: false,
  ...more,
});
const replyOf = (surface: MessagingSurface, reply: WidgetMessage | null, language: Language): Omit<Reply, 'held'> =>
  reply ? { parts: platformReply(surface, reply, language), answerId: reply.id ?? null } : { parts: [], answerId: null };

/**
 * The reply job of the messaging channels (docs/decisions/0041): answers one kept message once,
 * however often it is tried, through the channel layer, and sends the answer within the
 * platform's rules (Meta's 24-hour window, each platform's length). A message that went to a
 * person is answered after the hand-back, when nobody answered it.
 */
export class MessagingReplier {
  private readonly repository: MessagingRepository;

  constructor(
    db: Db,
    private readonly deps: MessagingReplierDeps,
  ) {
    this.repository = new MessagingRepository(db);
  }

  async reply(channelId: string, messageId: string, lastAttempt = true): Promise<void> {
    const message = await this.repository.message(channelId, messageId);
    const channel = message && (await this.repository.byId(channelId));
    if (!message || !channel || (message.state !== 'queued' && message.state !== 'held')) return;
    if (channel.paused) return this.repository.settle(channelId, messageId, { state: 'skipped' });
    if (channel.platform === 'meta' && Date.now() - message.sentAt.getTime() > META_WINDOW_HOURS * 3_600_000) {
      await this.repository.noteProblem(channelId, metaProblemOf(10, 2018278, '').toProblem());
      return this.repository.settle(channelId, messageId, { state: 'failed' });
    }
    const answered = message.reply
      ? { parts: message.reply, answerId: message.answerId, held: false }
      : message.state === 'held'
        ? await this.answerLeft(channel, message, lastAttempt)
        : await this.answer(channel, message);
    if (answered === null) return this.repository.settle(channelId, messageId, { state: 'skipped' });
    if (answered.held) return this.repository.settle(channelId, messageId, { state: 'held' });
    if (answered.parts.length > 0) await this.send(channel, message, answered);
    else await this.repository.settle(channelId, messageId, { state: 'answered', reply: [] });
    if (answered.leave) await this.deps.channels.sender.leave(channel, message.sender).catch(() => undefined);
  }

  private async send(channel: ChannelRow, message: MessageRow, { parts, answerId }: Reply): Promise<void> {
    const { channelId, messageId } = message;
    await this.repository.settle(channelId, messageId, { reply: parts, answerId });
    const sentIds = [...message.sentIds];
    for (const [index, part] of parts.entries()) {
      try {
        sentIds.push(await this.deps.channels.sender.send(channel, message.sender, part));
      } catch (error) {
        if (!(error instanceof PlatformProblem)) throw error;
        await this.repository.noteProblem(channelId, error.toProblem());
        // The platform slowing the channel down passes: the parts not sent yet go on the next try.
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
    if ((await this.repository.answeredSince(channel.id, message.visitorHash, new Date(Date.now() - 60_000))) >= ANSWERS_PER_MINUTE) return null;
    const surface = message.surface as MessagingSurface;
    const spark = await this.deps.channels.sparkOf(channel);
    const sparkLanguage = questionLanguage(spark.options.initialMessage, 'en');
    const fallback: Language = message.senderLanguage === 'es' || message.senderLanguage === 'en' ? message.senderLanguage : sparkLanguage;
    const group = message.kind === 'joined-group' || message.kind.startsWith('group-');
    const kind = group && channel.allowGroups ? message.kind.replace(/^group-/, '') : message.kind;
    if (group && !channel.allowGroups) return fixed(surface, MESSAGING_REPLIES.groupDeclined[fallback](channel.name ?? ''), { leave: true });
    if (kind === 'joined-group') return { parts: [], answerId: null, held: false };
    if (kind === 'start') {
      // The Spark's own welcome when it is in the sender's language; else a greeting that is.
      const welcome = spark.options.initialMessage.trim();
      return fixed(surface, welcome && sparkLanguage === fallback ? welcome : MESSAGING_REPLIES.start[fallback](spark.name));
    }
    const lastText = async () => questionLanguage((await this.repository.lastText(channel.id, message.visitorHash)) ?? '', fallback);
    if (kind === 'story-mention') return fixed(surface, MESSAGING_REPLIES.storyMention[await lastText()]);
    if (kind !== 'text' || !message.text?.trim())
      return group ? { parts: [], answerId: null, held: false } : fixed(surface, MESSAGING_REPLIES.notText[await lastText()]);
    const language = questionLanguage(message.text, fallback);
    await this.typing(channel, message);
    try {
      const { reply, askedForPerson, held } = await this.deps.turns.reply({
        sparkId: channel.sparkId,
        visitor: { hash: message.visitorHash, channel: surface },
        text: message.text,
        language,
      });
      // A request for a person is answered as stored, but is no answer to vote on.
      return { ...replyOf(surface, reply, language), ...(askedForPerson ? { answerId: null } : {}), held };
    } catch (error) {
      // The plan's interactions or the daily caps are used up, or the owner's account is paused: a polite fixed reply.
      if (error instanceof AppError && [402, 423, 429].includes(error.statusCode)) return fixed(surface, MESSAGING_REPLIES.unavailable[language]);
      throw error;
    }
  }

  /** A message that went to a person, after the hand-back: the Spark's answer when nobody answered it; still held when a person has it again. */
  private async answerLeft(channel: ChannelRow, message: MessageRow, lastAttempt: boolean): Promise<Reply> {
    if (await this.deps.personHolds(channel.sparkId, message.visitorHash)) return { parts: [], answerId: null, held: true };
    await this.typing(channel, message);
    const fallback: Language = message.senderLanguage === 'es' ? 'es' : 'en';
    const language = questionLanguage(message.text ?? '', fallback);
    const reply = await this.deps.turns.leftUnanswered(channel.sparkId, message.visitorHash, language, lastAttempt);
    return { ...replyOf(message.surface as MessagingSurface, reply, language), held: false };
  }

  /** "Seen" and "typing…" while the Spark prepares its answer, unless a person has the conversation. A courtesy: a refusal does not stop the answer. */
  private async typing(channel: ChannelRow, message: MessageRow): Promise<void> {
    if (await this.deps.personHolds(channel.sparkId, message.visitorHash)) return;
    await this.deps.channels.sender.typing(channel, message.sender).catch(() => undefined);
  }
}
