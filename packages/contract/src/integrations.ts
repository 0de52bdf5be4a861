import { z } from 'zod';
import { dataEnvelope } from './envelope.js';
import { DOCUMENT_STATUSES } from './documents.js';

/**
 * The document-library integration (product.md §1, §2 q=sharepoint-conected, §6, §7 authorize call):
 * a SharePoint library connected to one Spark, whose chosen folders' PDF and Word files become
 * the Spark's documents and are kept in sync.
 */
export const INTEGRATION_SERVICES = ['sharepoint'] as const;
export type IntegrationService = (typeof INTEGRATION_SERVICES)[number];

/** product.md §2: the query parameter (spelt as the spec spells it) that the connect window returns with. */
export const SHAREPOINT_CONNECTED_QUERY = 'sharepoint-conected';

/** product.md §6: the connect option appears only on this plan, compared case-insensitively. */
export const INTEGRATIONS_PLAN_NAME = 'zaphire';
export const INTEGRATIONS_PLAN_SLUG = 'zaphire';
export const planAllowsIntegrations = (planName: string | undefined): boolean => planName?.toLowerCase() === INTEGRATIONS_PLAN_NAME;

/** Folders one Spark may follow in its library. */
export const MAX_SHAREPOINT_FOLDERS = 20;

/**
 * Microsoft Graph ids (sites "host,guid,guid", drives "b!…", items) as they go into Graph paths:
 * a closed alphabet, so an id can never walk to another endpoint.
 */
export const graphIdSchema = z.string().regex(/^[A-Za-z0-9!,._~-]{1,300}$/, 'must be a SharePoint id');

export const authorizeQuerySchema = z.object({ service: z.enum(INTEGRATION_SERVICES, { error: 'must be sharepoint' }) }).strict();
export const authorizeResponseSchema = dataEnvelope(z.object({ authUrl: z.string() }));

/** Why the connect window came back without a connection; the web app words each one. */
export const CONNECT_FAILURES = ['invalid-state', 'denied', 'provider-error', 'limit-reached', 'plan'] as const;
export type ConnectFailure = (typeof CONNECT_FAILURES)[number];

export const sharepointSiteSchema = z.object({ id: z.string(), name: z.string(), webUrl: z.string().nullable() });
export const sharepointDriveSchema = z.object({ id: z.string(), name: z.string() });
export const sharepointFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Path under the library's root, '' for the root itself ("Policies/2026"). */
  path: z.string(),
  /** Sub-folders and files, as the library counts them. */
  childCount: z.number().int().nonnegative(),
});
export type SharepointSite = z.infer<typeof sharepointSiteSchema>;
export type SharepointDrive = z.infer<typeof sharepointDriveSchema>;
export type SharepointFolder = z.infer<typeof sharepointFolderSchema>;

export const sitesQuerySchema = z.object({ q: z.string().trim().max(100).optional() }).strict();
export const foldersQuerySchema = z.object({ parent: graphIdSchema.optional() }).strict();
export const siteParamsSchema = z.object({ sparkId: z.uuid({ error: 'must be a Spark id' }), siteId: graphIdSchema });
export const driveParamsSchema = z.object({ sparkId: z.uuid({ error: 'must be a Spark id' }), driveId: graphIdSchema });

export const sitesResponseSchema = dataEnvelope(z.array(sharepointSiteSchema));
export const drivesResponseSchema = dataEnvelope(z.array(sharepointDriveSchema));
export const foldersResponseSchema = dataEnvelope(
  z.object({ folder: sharepointFolderSchema, folders: z.array(sharepointFolderSchema), files: z.number().int().nonnegative() }),
);

/** PUT …/sharepoint/selection: the folders to follow (their paths are read from the library, never taken from here). */
export const sharepointSelectionBodySchema = z
  .object({
    siteId: graphIdSchema,
    driveId: graphIdSchema,
    folderIds: z.array(graphIdSchema).min(1, 'choose at least one folder').max(MAX_SHAREPOINT_FOLDERS),
  })
  .strict();
export type SharepointSelectionBody = z.infer<typeof sharepointSelectionBodySchema>;

export const disconnectQuerySchema = z
  .object({
    removeDocuments: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .strict();

/** Why a library's file was not read; `mismatch`: its bytes are not what its name says (text named .pdf). */
export const SKIP_REASONS = ['too-large', 'unsupported', 'mismatch', 'empty', 'limit-reached', 'download-failed'] as const;
export const syncSummarySchema = z.object({
  at: z.string(),
  imported: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  skipped: z.array(z.object({ name: z.string(), reason: z.enum(SKIP_REASONS) })),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

export const importedFileSchema = z.object({
  documentId: z.string(),
  name: z.string(),
  path: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
});

export const SHAREPOINT_STATES = ['unavailable', 'disconnected', 'connected', 'reconnect'] as const;
export const sharepointStatusSchema = z.object({
  /**
   * unavailable: not configured on this server or not on the plan (see `reason`); reconnect: the
   * library refused the stored consent, so the user signs in again.
   */
  state: z.enum(SHAREPOINT_STATES),
  reason: z.enum(['not-configured', 'plan']).nullable(),
  account: z.string().nullable(),
  site: sharepointSiteSchema.pick({ id: true, name: true }).nullable(),
  drive: sharepointDriveSchema.nullable(),
  folders: z.array(z.object({ id: z.string(), path: z.string() })),
  sync: z.object({
    running: z.boolean(),
    lastSyncedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    summary: syncSummarySchema.nullable(),
  }),
  files: z.array(importedFileSchema),
});
export type SharepointStatus = z.infer<typeof sharepointStatusSchema>;
export const sharepointStatusResponseSchema = dataEnvelope(sharepointStatusSchema);
