import type { AccountEvents } from '../../lib/account-events.js';
import {
  PERSON_WAIT_MINUTES,
  CONTACT_REQUESTS_PER_ADDRESS_PER_DAY,
  CONTACT_REQUESTS_PER_DAY,
  ERROR_CODES,
  type Language,
  type SavedLiveAnswer,
  type VisitorRequest,
  type WidgetContactBody,
} from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { ActionsService } from '../actions/actions-service.js';
import type { Mailer } from '../../mail/mailer.js';
import type { Caller } from '../../auth/caller.js';
import type { ConversationService } from '../chat/conversation-service.js';
import type { OwnerAnswersService } from '../documents/owner-answers-service.js';
import type { LiveService } from '../live/live-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { questionKey } from '../../lib/question-key.js';
import { GapsRepository } from './gaps-repository.js';
import { liveRecipientsOf } from './live-recipients.js';
import { replyToVisitorEmail, requestToOwnerEmail, waitingToOwnerEmail } from './request-emails.js';
import { RequestsRepository, type RequestRow } from './requests-repository.js';

export interface RequestsDeps {
  sparks: SparksService;
  conversations: ConversationService;
  ownerAnswers: OwnerAnswersService;
  live: LiveService;
  mailer: Mailer;
  publicUrl: string;
  /** The Spark's "send the details" actions that the hand-off goes through too (decision 0042). */
  actions: Pick<ActionsService, 'handOff'>;
  /** Where a visitor's request for a person is announced (webhooks). */
  events: AccountEvents;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The end of the conversation the owner's e-mail quotes. */
const TRANSCRIPT_MESSAGES = 10;

/** The end of a conversation as an e-mail quotes it: the visitor's words marked ›, the answers ‹. */
const transcriptOf = (messages: Array<{ visitor: boolean; content: string }>) =>
  messages
    .filter((message) => message.content)
    .map((message) => `${message.visitor ? '›' : '‹'} ${message.content}`)
    .join('\n');

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Request not found');

const view = (row: RequestRow, ownerAnswerId: string | null): VisitorRequest => ({
  _id: row.id,
  email: row.email,
  question: row.question,
  language: row.language,
  status: row.status,
  answer: row.answer,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  conversationId: row.conversationId,
  createdAt: row.createdAt.toISOString(),
  ownerAnswerId,
});

/**
 * Hand-off to a person: a visitor leaves an e-mail address and a question the Spark could not
 * answer; the owner hears of it by e-mail and in the Requests list, replies (e-mailed to the
 * visitor) and may add the reply to the Spark's knowledge. Addresses stay within the tenant.
 */
export class RequestsService {
  private readonly repository: RequestsRepository;

  constructor(
    private readonly db: Db,
    private readonly deps: RequestsDeps,
  ) {
    this.repository = new RequestsRepository(db);
  }

  /** A visitor's request; `visitor` is their session and their address, both hashed, which bound it together. */
  async create(
    spark: { tenantId: string; sparkId: string },
    visitor: { visitorHash: string; addressHash: string },
    body: WidgetContactBody,
    language: Language,
  ): Promise<void> {
    const { visitorHash, addressHash } = visitor;
    const made = await this.repository.countSince(spark.sparkId, visitor, new Date(Date.now() - DAY_MS));
    if (made.session >= CONTACT_REQUESTS_PER_DAY || made.address >= CONTACT_REQUESTS_PER_ADDRESS_PER_DAY) {
      throw new AppError(429, ERROR_CODES.RATE_LIMITED, 'You have already left several requests today. The team will answer them by e-mail.');
    }
    const history = await this.deps.conversations.visitorHistory(spark.sparkId, visitorHash);
    const conversationId = history.length > 0 ? await this.deps.conversations.visitorConversationId(spark.sparkId, visitorHash) : null;
    await this.repository.create({
      tenantId: spark.tenantId,
      sparkId: spark.sparkId,
      conversationId,
      visitorHash,
      addressHash,
      email: body.email,
      question: body.question,
      language,
    });
    // The owner's own hand-off action (their CRM's webhook, a shared inbox) gets every request.
    await this.deps.actions.handOff(spark.tenantId, spark.sparkId, { email: body.email, question: body.question });
    await this.deps.events.announce({
      tenantId: spark.tenantId,
      event: 'person.requested',
      data: { sparkId: spark.sparkId, conversationId, channel: 'widget', question: body.question, email: body.email, via: 'contact-form' },
    });
    // A visitor waiting for a person is e-mailed about once, when the wait ends with nobody joined (`mailUnjoined`).
    if (conversationId && (await this.deps.live.awaitingPerson(conversationId))) return;
    const team = await liveRecipientsOf(this.db, spark.tenantId);
    if (team.length === 0) return;
    const { name } = await this.deps.sparks.get(spark.tenantId, spark.sparkId);
    const transcript = transcriptOf(
      history.slice(-TRANSCRIPT_MESSAGES).map((message) => ({ visitor: message.type === 'human', content: message.data.content ?? '' })),
    );
    // Kept even when an e-mail fails: the Requests list shows it, and the visitor's request is not lost.
    for (const person of team)
      await this.deps.mailer
        .send(
          requestToOwnerEmail(person.email, person.language, {
            spark: name,
            email: body.email,
            question: body.question,
            transcript,
            url: this.link(spark.sparkId, 'insights'),
            live: conversationId ? this.link(spark.sparkId, `live/${conversationId}`) : null,
          }),
        )
        .catch(() => undefined);
  }

  /**
   * The sweep: visitors who asked for a person more than PERSON_WAIT_MINUTES before `now` and
   * whom nobody joined. Their owner is e-mailed once, with the way into the live conversation and
   * the address the visitor left, if any. Answers how many were e-mailed.
   */
  async mailUnjoined(now = new Date()): Promise<number> {
    const unjoined = await this.deps.live.claimUnjoined(new Date(now.getTime() - PERSON_WAIT_MINUTES * 60_000));
    let mailed = 0;
    // One visitor's e-mail failing (a Spark deleted meanwhile, the mail server down) does not keep the others from theirs.
    for (const wait of unjoined) if (await this.mailWaiting(wait).catch(() => false)) mailed += 1;
    return mailed;
  }

  private async mailWaiting({ tenantId, sparkId, conversationId }: { tenantId: string; sparkId: string; conversationId: string }): Promise<boolean> {
    const team = await liveRecipientsOf(this.db, tenantId);
    if (team.length === 0) return false;
    const { name } = await this.deps.sparks.get(tenantId, sparkId);
    const { messages } = await this.deps.live.transcript(tenantId, sparkId, conversationId);
    const [left] = await this.repository.openFor(conversationId);
    const transcript = transcriptOf(
      messages
        .filter((message) => message.role !== 'notice')
        .slice(-TRANSCRIPT_MESSAGES)
        .map((message) => ({ visitor: message.role === 'visitor', content: message.content })),
    );
    const waiting = (person: (typeof team)[number]) =>
      waitingToOwnerEmail(person.email, person.language, {
        spark: name,
        minutes: PERSON_WAIT_MINUTES,
        left: left ? { email: left.email, question: left.question } : null,
        transcript,
        live: this.link(sparkId, `live/${conversationId}`),
        url: this.link(sparkId, 'insights'),
      });
    // Each of the team's e-mails on its own: one address failing does not keep the others from theirs.
    const sent = await Promise.allSettled(team.map((person) => this.deps.mailer.send(waiting(person))));
    if (sent.every((result) => result.status === 'rejected')) throw (sent[0] as PromiseRejectedResult).reason;
    return true;
  }

  /**
   * One of the owner's live messages becomes knowledge: the answer to the visitor's question
   * before it (an owner answer, or its next version), and the conversation's open requests are
   * answered by it. Nothing is e-mailed: the visitor read the reply in the conversation.
   */
  async saveLiveAnswer(caller: Caller, sparkId: string, conversationId: string, seq: number): Promise<SavedLiveAnswer> {
    const { question, answer } = await this.deps.live.ownerReply(caller.tenantId, sparkId, conversationId, seq);
    const { document, replaced } = await this.deps.ownerAnswers.create(caller.tenantId, sparkId, { question, answer });
    if (replaced) await new GapsRepository(this.db).moveAnswer(replaced, document._id);
    const open = await this.repository.openFor(conversationId);
    for (const request of open) await this.repository.answered(request.id, answer);
    return { ownerAnswerId: document._id, question, answer, requestsAnswered: open.length };
  }

  private link(sparkId: string, screen: string): string {
    return `${this.deps.publicUrl.replace(/\/$/, '')}/spark/${sparkId}/${screen}`;
  }

  async list(tenantId: string, sparkId: string): Promise<VisitorRequest[]> {
    await this.deps.sparks.get(tenantId, sparkId);
    const answered = await this.deps.ownerAnswers.answeredQuestions(tenantId, sparkId);
    return (await this.repository.list(tenantId, sparkId)).map((row) => view(row, answered.get(questionKey(row.question)) ?? null));
  }

  /**
   * The owner's reply goes to the visitor by e-mail (in the language they asked in). Only when the
   * owner opts in does `knowledge` (their edited text) become the question's owner answer, or its
   * next version; the knowledge-gap inbox then points at that version.
   */
  async answer(caller: Caller, sparkId: string, requestId: string, body: { answer: string; knowledge?: string | undefined }): Promise<VisitorRequest> {
    const spark = await this.deps.sparks.get(caller.tenantId, sparkId);
    const request = await this.repository.find(caller.tenantId, sparkId, requestId);
    if (!request) throw notFound();
    await this.deps.mailer.send(replyToVisitorEmail(request.email, request.language, { spark: spark.name, question: request.question, answer: body.answer }));
    let ownerAnswerId = (await this.deps.ownerAnswers.existingFor(caller.tenantId, sparkId, request.question))?.id ?? null;
    if (body.knowledge) {
      const { document, replaced } = await this.deps.ownerAnswers.create(caller.tenantId, sparkId, { question: request.question, answer: body.knowledge });
      if (replaced) await new GapsRepository(this.db).moveAnswer(replaced, document._id);
      ownerAnswerId = document._id;
    }
    const row = await this.repository.answered(request.id, body.answer);
    if (!row) throw notFound();
    return view(row, ownerAnswerId);
  }

  async delete(tenantId: string, sparkId: string, requestId: string): Promise<void> {
    await this.deps.sparks.get(tenantId, sparkId);
    if (!(await this.repository.delete(tenantId, sparkId, requestId))) throw notFound();
  }
}
