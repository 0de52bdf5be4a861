import { ERROR_CODES, META_HUMAN_AGENT_DAYS, META_WINDOW_HOURS, type Language } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { questionLanguage } from '../../llm/question-language.js';
import type { LiveRelay } from '../live/live-service.js';
import type { MetaSendKind } from './meta-graph.js';
import { MESSAGING_REPLIES } from './messaging-replies.js';
import { MessagingRepository } from './messaging-repository.js';
import type { MessagingService } from './messaging-service.js';
import { PlatformProblem } from './platform-problem.js';
import { splitFor, type MessagingSurface } from './platform-text.js';

const HOUR_MS = 3_600_000;

/**
 * The Live view's side of a Messenger, Instagram or Telegram conversation: what the person writes
 * after taking it over, and the joined and left notices, sent on the customer's platform. On Meta,
 * within 24 hours as a response, up to 7 days with the HUMAN_AGENT tag (a person's reply is what it
 * is for), never later.
 */
export class MessagingLiveRelay {
  private readonly repository: MessagingRepository;

  constructor(
    db: Db,
    private readonly deps: { channels: MessagingService },
  ) {
    this.repository = new MessagingRepository(db);
  }

  readonly relay: LiveRelay = async (event) => {
    if (!event.visitorHash) return;
    const found = await this.repository.lastFromVisitor(event.sparkId, event.visitorHash);
    // Another channel's visitor: that channel carries it.
    if (!found) return;
    const { channel, message } = found;
    const age = Date.now() - message.sentAt.getTime();
    let kind: MetaSendKind = 'response';
    if (channel.platform === 'meta' && age > META_WINDOW_HOURS * HOUR_MS) {
      if (age > META_HUMAN_AGENT_DAYS * 24 * HOUR_MS)
        throw new AppError(409, ERROR_CODES.CONFLICT, 'This customer last wrote more than 7 days ago: Meta lets the Page write again only after they do.');
      kind = 'human-agent';
    }
    const fallback: Language = message.senderLanguage === 'es' ? 'es' : 'en';
    const language = questionLanguage((await this.repository.lastText(channel.id, event.visitorHash)) ?? '', fallback);
    const text =
      event.kind === 'owner'
        ? event.text
        : event.notice === 'joined'
          ? MESSAGING_REPLIES.joined[language](event.name)
          : MESSAGING_REPLIES.left[language](event.name);
    try {
      for (const part of splitFor(message.surface as MessagingSurface, text)) await this.deps.channels.sender.send(channel, message.sender, part, kind);
    } catch (error) {
      if (!(error instanceof PlatformProblem)) throw error;
      await this.repository.noteProblem(channel.id, error.toProblem());
      throw new AppError(502, ERROR_CODES.SERVICE_UNAVAILABLE, error.message);
    }
    await this.repository.update(channel.id, { lastSentAt: new Date() });
  };
}
