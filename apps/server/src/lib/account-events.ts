import type { WebhookEvent, WebhookPayload } from '@sparks/contract';

/** Something that happened in an account, which its developers' webhooks may be told (docs/decisions/0044). */
export interface AccountEvent {
  tenantId: string;
  event: WebhookEvent;
  data: WebhookPayload['data'];
}

/**
 * Where the services that make things happen announce them; the webhooks module delivers them.
 * Announcing never fails the work that announces: a delivery that cannot be queued is logged.
 */
export interface AccountEvents {
  announce(event: AccountEvent): Promise<void>;
}
