import { ERROR_CODES, WHATSAPP_WINDOW_HOURS } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { questionLanguage } from '../../llm/question-language.js';
import type { LiveRelay } from '../live/live-service.js';
import { MetaProblem } from './meta-problem.js';
import { senderLanguage } from './sender-language.js';
import type { WhatsappCloud } from './whatsapp-cloud.js';
import { WHATSAPP_REPLIES } from './whatsapp-replies.js';
import { WhatsappRepository } from './whatsapp-repository.js';
import { problemOf, type WhatsappService } from './whatsapp-service.js';

/**
 * The Live view's side of a WhatsApp conversation: what the owner writes after taking it over, and
 * the joined and left notices, sent to the customer's WhatsApp within the 24-hour window.
 */
export class WhatsappLiveRelay {
  private readonly repository: WhatsappRepository;

  constructor(
    db: Db,
    private readonly deps: { channels: WhatsappService; cloud: WhatsappCloud },
  ) {
    this.repository = new WhatsappRepository(db);
  }

  readonly relay: LiveRelay = async (event) => {
    if (!event.visitorHash) return;
    const channel = await this.repository.ofSparkId(event.sparkId);
    const last = channel && (await this.repository.lastFrom(channel.id, event.visitorHash));
    // A widget visitor: their stream carries it.
    if (!channel || !last) return;
    if (Date.now() - last.sentAt.getTime() > WHATSAPP_WINDOW_HOURS * 3_600_000)
      throw new AppError(
        409,
        ERROR_CODES.CONFLICT,
        'This customer last wrote on WhatsApp more than 24 hours ago: WhatsApp lets you write again only after they do.',
      );
    const language = questionLanguage((await this.repository.lastText(channel.id, event.visitorHash)) ?? '', senderLanguage(last.sender));
    const text =
      event.kind === 'owner'
        ? event.text
        : event.notice === 'joined'
          ? WHATSAPP_REPLIES.joined[language](event.name)
          : WHATSAPP_REPLIES.left[language](event.name);
    try {
      await this.deps.cloud.sendText(await this.deps.channels.senderOf(channel), last.sender, text);
    } catch (error) {
      if (!(error instanceof MetaProblem)) throw error;
      await this.repository.noteProblem(channel.id, problemOf(error));
      throw new AppError(502, ERROR_CODES.SERVICE_UNAVAILABLE, error.message);
    }
    await this.repository.update(channel.id, { lastSentAt: new Date() });
  };
}
