import type { ApiRouteName, AuditKind } from '@sparks/contract';

/**
 * What a route's success puts in the audit log, beside who and when: its kind, and the body's
 * fields that name what was changed. The address's ids are always kept; no other part of a body is
 * (a WhatsApp access token, a document's text never reach the log).
 */
export interface RouteAudit {
  kind: AuditKind;
  keep?: readonly string[];
}

export const ROUTE_AUDIT: Partial<Record<ApiRouteName, RouteAudit>> = {
  createSpark: { kind: 'spark.created' },
  updateSpark: { kind: 'spark.changed', keep: ['name'] },
  deleteSpark: { kind: 'spark.deleted' },
  upload: { kind: 'document.added' },
  uploadToSpark: { kind: 'document.added' },
  readDocumentAgain: { kind: 'document.replaced' },
  deleteDocument: { kind: 'document.removed' },
  addWebsite: { kind: 'website.added', keep: ['url'] },
  updateWebsite: { kind: 'website.changed' },
  deleteWebsite: { kind: 'website.removed' },
  configureDeployment: { kind: 'deploy.changed' },
  rotateDeployToken: { kind: 'deploy.changed' },
  connectWhatsapp: { kind: 'whatsapp.changed' },
  updateWhatsapp: { kind: 'whatsapp.changed' },
  disconnectWhatsapp: { kind: 'whatsapp.changed' },
  connectMeta: { kind: 'messaging.changed' },
  connectTelegram: { kind: 'messaging.changed' },
  updateMessaging: { kind: 'messaging.changed' },
  disconnectMessaging: { kind: 'messaging.changed' },
  createAction: { kind: 'action.added', keep: ['name'] },
  updateAction: { kind: 'action.changed', keep: ['name'] },
  deleteAction: { kind: 'action.removed' },
  takeOver: { kind: 'live.taken-over' },
  handBack: { kind: 'live.handed-back' },
  exportConversations: { kind: 'conversations.exported', keep: [] },
  exportAudit: { kind: 'audit.exported' },
  inviteMember: { kind: 'member.invited', keep: ['email', 'role'] },
  resendInvitation: { kind: 'member.invited' },
  revokeInvitation: { kind: 'invitation.revoked' },
  updateMember: { kind: 'member.role-changed', keep: ['role'] },
  removeMember: { kind: 'member.removed' },
  transferOwnership: { kind: 'ownership.transferred', keep: ['userId'] },
};
