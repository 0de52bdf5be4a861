import { ERROR_CODES, WHATSAPP_NOT_CONNECTED, type ConnectWhatsappBody, type WhatsappChannel, type WhatsappProblem } from '@sparks/contract';
import type { Caller } from '../../auth/caller.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/secrets.js';
import { questionLanguage } from '../../llm/question-language.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { callbackProblem } from '../../lib/callback-problem.js';
import { MetaProblem } from './meta-problem.js';
import { WHATSAPP_REPLIES } from './whatsapp-replies.js';
import type { Sender, WhatsappCloud } from './whatsapp-cloud.js';
import { WhatsappRepository, type ChannelRow } from './whatsapp-repository.js';

export interface WhatsappDeps {
  sparks: SparksService;
  cloud: WhatsappCloud;
  appSecret: string;
}

/** What is sealed at rest for a channel: never sent to a browser. */
export interface ChannelSecrets {
  accessToken: string;
  appSecret: string;
}

const notConnected = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'This Spark is not connected to WhatsApp.');

export const problemOf = (problem: MetaProblem): WhatsappProblem => ({
  kind: problem.kind,
  message: problem.message,
  code: problem.code,
  at: new Date().toISOString(),
});

/**
 * A Spark's WhatsApp channel, the owner's side (docs/decisions/0031): connecting a Business
 * number with the three values from Meta's console, what to paste back there, pausing, the test
 * message and disconnecting. Secrets are sealed at rest and never read back.
 */
export class WhatsappService {
  private readonly repository: WhatsappRepository;
  private readonly box: SecretBox;

  constructor(
    db: Db,
    private readonly deps: WhatsappDeps,
  ) {
    this.repository = new WhatsappRepository(db);
    this.box = new SecretBox(deps.appSecret, 'whatsapp channel secrets v1');
  }

  /**
   * The owner's card. `publicUrl` is where the owner has the product open (`publicUrlFor`, decision
   * 0024): the Callback URL they paste into Meta is on that address, and the card says when Meta
   * cannot call it.
   */
  async view(tenantId: string, sparkId: string, publicUrl: string): Promise<WhatsappChannel> {
    await this.deps.sparks.get(tenantId, sparkId);
    const row = await this.repository.ofSpark(tenantId, sparkId);
    return row ? this.viewOf(row, publicUrl) : WHATSAPP_NOT_CONNECTED;
  }

  async connect(tenantId: string, sparkId: string, body: ConnectWhatsappBody, publicUrl: string): Promise<WhatsappChannel> {
    await this.deps.sparks.get(tenantId, sparkId);
    const secrets: ChannelSecrets = { accessToken: body.accessToken, appSecret: body.appSecret };
    const row = await this.repository.save({
      tenantId,
      sparkId,
      phoneNumberId: body.phoneNumberId,
      sealed: await this.box.seal(secrets),
      verifyToken: `sparks_${randomToken(24)}`,
    });
    return this.viewOf(row, publicUrl);
  }

  async setPaused(tenantId: string, sparkId: string, paused: boolean, publicUrl: string): Promise<WhatsappChannel> {
    const row = await this.owned(tenantId, sparkId);
    return this.viewOf((await this.repository.update(row.id, { paused })) ?? row, publicUrl);
  }

  async disconnect(tenantId: string, sparkId: string): Promise<void> {
    await this.deps.sparks.get(tenantId, sparkId);
    if (!(await this.repository.delete(tenantId, sparkId))) throw notConnected();
  }

  /** Sends the test message; Meta's refusal comes back in plain words and stays on the card. */
  async sendTest(caller: Caller, sparkId: string, to: string): Promise<void> {
    const row = await this.owned(caller.tenantId, sparkId);
    const spark = await this.deps.sparks.get(caller.tenantId, sparkId);
    // Said in the language the Spark greets its visitors in.
    const language = questionLanguage(spark.options.initialMessage, 'en');
    try {
      await this.deps.cloud.sendText(await this.senderOf(row), to, WHATSAPP_REPLIES.test[language](spark.name));
    } catch (error) {
      if (!(error instanceof MetaProblem)) throw error;
      await this.repository.noteProblem(row.id, problemOf(error));
      throw new AppError(502, ERROR_CODES.SERVICE_UNAVAILABLE, error.message);
    }
    await this.repository.update(row.id, { lastSentAt: new Date(), lastProblem: null });
  }

  /** The channel's number and token, for sending. */
  async senderOf(row: ChannelRow): Promise<Sender> {
    const secrets = await this.secretsOf(row);
    return { phoneNumberId: row.phoneNumberId, accessToken: secrets.accessToken };
  }

  /** The sealed secrets; a channel sealed under another app secret must be connected again. */
  async secretsOf(row: ChannelRow): Promise<ChannelSecrets> {
    const opened = (await this.box.open(row.sealed)) as Partial<ChannelSecrets> | undefined;
    if (typeof opened?.accessToken !== 'string' || typeof opened.appSecret !== 'string')
      throw new AppError(409, ERROR_CODES.CONFLICT, 'The WhatsApp secrets can no longer be read (the server’s secret changed): connect the number again.');
    return { accessToken: opened.accessToken, appSecret: opened.appSecret };
  }

  private async owned(tenantId: string, sparkId: string): Promise<ChannelRow> {
    await this.deps.sparks.get(tenantId, sparkId);
    const row = await this.repository.ofSpark(tenantId, sparkId);
    if (!row) throw notConnected();
    return row;
  }

  private viewOf(row: ChannelRow, publicUrl: string): WhatsappChannel {
    const webhookUrl = `${publicUrl.replace(/\/$/, '')}/api/v1/whatsapp/${row.id}/webhook`;
    return {
      connected: true,
      phoneNumberId: row.phoneNumberId,
      webhookUrl,
      callbackProblem: callbackProblem(webhookUrl),
      verifyToken: row.verifyToken,
      paused: row.paused,
      lastReceivedAt: row.lastReceivedAt?.toISOString() ?? null,
      lastSentAt: row.lastSentAt?.toISOString() ?? null,
      lastProblem: row.lastProblem ?? null,
    };
  }
}
