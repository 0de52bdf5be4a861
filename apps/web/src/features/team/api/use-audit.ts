import { auditLogRoute, type AuditKind, type AuditPage } from '@sparks/contract';
import { API_PATHS } from '@sparks/contract/api-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { apiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export interface AuditFilters {
  person?: string | undefined;
  kind?: AuditKind | undefined;
}

const defined = (filters: AuditFilters) => ({ ...(filters.person ? { person: filters.person } : {}), ...(filters.kind ? { kind: filters.kind } : {}) });

/** The audit log, newest first, a page at a time. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['team', 'audit', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }): Promise<AuditPage> => apiCall(auditLogRoute, { query: { ...defined(filters), ...(pageParam ? { before: pageParam } : {}) } }),
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

/** The log as the filters keep it, saved as a CSV file (the session travels in a header, so no plain link). */
export async function downloadAudit(filters: AuditFilters): Promise<void> {
  const body = await apiClient.get<string>(API_PATHS.exportAudit.path, { params: defined(filters), responseType: 'text', timeout: 0 });
  // Decoding the answer as text drops the server's byte-order mark; without it Excel garbles "ñ".
  saveFile(body.startsWith('\uFEFF') ? body : `\uFEFF${body}`, 'text/csv;charset=utf-8', 'sparks-audit-log.csv');
}
