import { z } from 'zod';
import { dataEnvelope } from './envelope.js';

/** How long the audit log keeps an event. */
export const AUDIT_RETENTION_DAYS = 365;
/** Events one page of the audit log shows. */
export const AUDIT_PAGE_SIZE = 50;

/** What the audit log records: who signed in, changed the team, built, deployed, stepped into a conversation, exported or paid. */
export const AUDIT_KINDS = [
  'signed-in',
  'member.invited',
  'member.joined',
  'member.role-changed',
  'member.removed',
  'ownership.transferred',
  'invitation.revoked',
  'spark.created',
  'spark.changed',
  'spark.deleted',
  'document.added',
  'document.replaced',
  'document.removed',
  'website.added',
  'website.changed',
  'website.removed',
  'deploy.changed',
  'whatsapp.changed',
  'messaging.changed',
  'action.added',
  'action.changed',
  'action.removed',
  'live.taken-over',
  'live.handed-back',
  'conversations.exported',
  'audit.exported',
  'plan.changed',
  'api-key.created',
  'api-key.revoked',
  'webhook.added',
  'webhook.changed',
  'webhook.removed',
  /** A request made with an API key that changed nothing (a question, a read); a change by key is logged as its own kind, naming the key. */
  'api-key.used',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const auditEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** Who did it: a member (their address at the time), or null for the payment provider. */
  actor: z.object({ userId: z.string().nullable(), email: z.string().nullable() }),
  /** What it was done to: ids from the address, and the few words that name it (a Spark's name, an address invited, a role). */
  detail: z.record(z.string(), z.string()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditQuerySchema = z
  .object({
    person: z.uuid({ error: 'must be a member id' }).optional(),
    kind: z.enum(AUDIT_KINDS, { error: 'must be a kind of event' }).optional(),
    /** Where the page before ended: its `next`, read back as it was given. */
    before: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'must be the next of the page before' })
      .optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ events: z.array(auditEventSchema), next: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditPageResponseSchema = dataEnvelope(auditPageSchema);

export const auditExportQuerySchema = auditQuerySchema.omit({ before: true });
