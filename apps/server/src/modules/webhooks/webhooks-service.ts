import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  WEBHOOK_SECRET_PREFIX,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookPayload,
  type WebhookWithSecret,
} from '@sparks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountEvent, AccountEvents } from '../../lib/account-events.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Caller } from '../../auth/caller.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { SecretBox } from '../../lib/secret-box.js';
import { randomToken } from '../../lib/secrets.js';
import { WebFetchError, type WebFetcher } from '../../lib/web-fetcher.js';
import { nextAttemptAt } from './retry-schedule.js';
import { webhookSignature } from './webhook-signature.js';
import { WebhooksRepository, type DeliveryRow, type EndpointRow } from './webhooks-repository.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

export interface WebhooksDeps {
  db: Db;
  fetcher: WebFetcher;
  appSecret: string;
  send: (name: string, data: object, key: string) => Promise<void>;
  log: FastifyBaseLogger;
}

const SECRET_SHOWN_CHARS = 12;
const DUE_PER_SWEEP = 200;
const ERROR_MAX = 300;

const endpointView = (row: EndpointRow): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  secretPrefix: row.secretPrefix,
  createdAt: row.createdAt.toISOString(),
});

const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  _id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  error: row.error,
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Webhook not found');

/**
 * An account's webhooks (docs/decisions/0044): endpoints that want some events, each delivery
 * signed with the endpoint's secret (sealed at rest, shown once, rotatable), sent through the one
 * outbound rule, tried again with growing waits for a day, and kept in a log with "send again".
 * It is where every service announces what happened (`AccountEvents`).
 */
export class WebhooksService implements AccountEvents {
  private readonly repository: WebhooksRepository;
  private readonly box: SecretBox;

  constructor(private readonly deps: WebhooksDeps) {
    this.repository = new WebhooksRepository(deps.db);
    this.box = new SecretBox(deps.appSecret, 'webhook secrets v1');
  }

  async list(tenantId: string): Promise<WebhookEndpoint[]> {
    return (await this.repository.endpoints(tenantId)).map(endpointView);
  }

  async create(caller: Caller, body: CreateWebhookBody): Promise<WebhookWithSecret> {
    this.checkAddress(body.url);
    if ((await this.repository.endpoints(caller.tenantId)).length >= WEBHOOK_LIMITS.endpointsPerAccount)
      throw new AppError(
        409,
        ERROR_CODES.COLLECTION_FULL,
        `An account has at most ${WEBHOOK_LIMITS.endpointsPerAccount} webhook endpoints: remove one to add another.`,
      );
    const secret = `${WEBHOOK_SECRET_PREFIX}${randomToken(24)}`;
    const row = await this.repository.insertEndpoint({
      tenantId: caller.tenantId,
      url: body.url,
      events: body.events,
      sealedSecret: await this.box.seal(secret),
      secretPrefix: secret.slice(0, SECRET_SHOWN_CHARS),
    });
    await recordAudit(this.deps.db, { tenantId: caller.tenantId, actorUserId: caller.userId, kind: 'webhook.added', detail: { url: row.url } });
    return { endpoint: endpointView(row), secret };
  }

  async update(caller: Caller, endpointId: string, body: UpdateWebhookBody): Promise<WebhookEndpoint> {
    const row = await this.repository.updateEndpoint(caller.tenantId, endpointId, body);
    if (!row) throw notFound();
    await recordAudit(this.deps.db, { tenantId: caller.tenantId, actorUserId: caller.userId, kind: 'webhook.changed', detail: { webhookId: row.id } });
    return endpointView(row);
  }

  async rotate(caller: Caller, endpointId: string): Promise<WebhookWithSecret> {
    const secret = `${WEBHOOK_SECRET_PREFIX}${randomToken(24)}`;
    const row = await this.repository.updateEndpoint(caller.tenantId, endpointId, {
      sealedSecret: await this.box.seal(secret),
      secretPrefix: secret.slice(0, SECRET_SHOWN_CHARS),
    });
    if (!row) throw notFound();
    await recordAudit(this.deps.db, { tenantId: caller.tenantId, actorUserId: caller.userId, kind: 'webhook.changed', detail: { webhookId: row.id } });
    return { endpoint: endpointView(row), secret };
  }

  async delete(caller: Caller, endpointId: string): Promise<void> {
    if (!(await this.repository.deleteEndpoint(caller.tenantId, endpointId))) throw notFound();
    await recordAudit(this.deps.db, { tenantId: caller.tenantId, actorUserId: caller.userId, kind: 'webhook.removed', detail: { webhookId: endpointId } });
  }

  async deliveries(tenantId: string, endpointId: string): Promise<WebhookDelivery[]> {
    if (!(await this.repository.endpoint(tenantId, endpointId))) throw notFound();
    return (await this.repository.deliveries(tenantId, endpointId, WEBHOOK_LIMITS.logSize)).map(deliveryView);
  }

  async sendAgain(tenantId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const row = await this.repository.again(tenantId, endpointId, deliveryId);
    if (!row) throw notFound();
    await this.deps.send(WEBHOOK_DELIVERY_JOB, { deliveryId: row.id }, row.id);
    return deliveryView(row);
  }

  /** Queues a delivery of the event to each enabled endpoint that wants it; never fails the caller. */
  async announce({ tenantId, event, data }: AccountEvent): Promise<void> {
    try {
      const wanting = (await this.repository.endpoints(tenantId)).filter((endpoint) => endpoint.enabled && endpoint.events.includes(event));
      if (wanting.length === 0) return;
      const now = new Date();
      const rows = wanting.map((endpoint) => {
        const id = randomUUID();
        const payload: WebhookPayload = { id, event, createdAt: now.toISOString(), data };
        return { id, tenantId, endpointId: endpoint.id, event, payload, nextAttemptAt: now };
      });
      for (const id of await this.repository.insertDeliveries(rows)) await this.deps.send(WEBHOOK_DELIVERY_JOB, { deliveryId: id }, id);
    } catch (error) {
      this.deps.log.warn({ err: error, event }, 'a webhook event could not be queued');
    }
  }

  /** One try of a delivery (the job's work): signed, posted, and recorded with what came back. */
  async deliver(deliveryId: string, signal?: AbortSignal): Promise<void> {
    const claimed = await this.repository.claim(deliveryId);
    if (!claimed) return;
    const { delivery, endpoint } = claimed;
    const secret = await this.box.open(endpoint.sealedSecret);
    if (!endpoint.enabled || typeof secret !== 'string') {
      await this.repository.recordTry(delivery.id, {
        status: 'failed',
        error: endpoint.enabled ? 'The signing secret could not be read: rotate it.' : 'The endpoint is turned off.',
        nextAttemptAt: null,
      });
      return;
    }
    const body = JSON.stringify(delivery.payload);
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const answer = await this.deps.fetcher.get(endpoint.url, {
        method: 'POST',
        accept: '*/*',
        sameHost: true,
        headers: {
          [WEBHOOK_HEADERS.signature]: webhookSignature(secret, body, Math.floor(Date.now() / 1000)),
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.delivery]: delivery.id,
        },
        body: { type: 'application/json', bytes: Buffer.from(body) },
        ...(signal ? { signal } : {}),
      });
      status = answer.status;
      if (status < 200 || status >= 300) error = `The endpoint answered ${status}.`;
    } catch (failure) {
      error = failure instanceof WebFetchError ? failure.message : 'The endpoint could not be reached.';
    }
    const durationMs = Date.now() - started;
    if (!error) {
      await this.repository.recordTry(delivery.id, {
        status: 'delivered',
        responseStatus: status,
        durationMs,
        error: null,
        deliveredAt: new Date(),
        nextAttemptAt: null,
      });
      return;
    }
    const next = nextAttemptAt(delivery.createdAt, delivery.attempts + 1);
    await this.repository.recordTry(delivery.id, {
      status: next ? 'pending' : 'failed',
      responseStatus: status,
      durationMs,
      error: error.slice(0, ERROR_MAX),
      nextAttemptAt: next,
    });
  }

  /** The sweep: deliveries whose next try is due get a job (a failed try's, or one whose job was lost). */
  async sendDue(): Promise<void> {
    for (const id of await this.repository.due(new Date(), DUE_PER_SWEEP)) await this.deps.send(WEBHOOK_DELIVERY_JOB, { deliveryId: id }, id);
  }

  /** An endpoint must be an address the outbound rule would call: checked when it is saved, and again on every connection. */
  private checkAddress(url: string): void {
    try {
      const checked = this.deps.fetcher.checkAddress(url);
      if (checked.protocol !== 'https:' && !this.deps.fetcher.allowsLoopback(checked.hostname))
        throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'body.url: must be an https address');
    } catch (error) {
      if (error instanceof WebFetchError) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, `body.url: ${error.message}`);
      throw error;
    }
  }
}
