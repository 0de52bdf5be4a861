import { API_PATHS, fillPath } from '@sparks/contract/api-paths';
import { apiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** Fetches a Spark's conversations export (the session travels in a header, so no plain link) and saves it as a file. */
export async function downloadExport(sparkId: string, format: 'csv' | 'json', days: string): Promise<void> {
  const body = await apiClient.get<string>(fillPath(API_PATHS.exportConversations.path, { sparkId }), {
    params: { format, days },
    responseType: 'text',
    // A long history may take a while to stream.
    timeout: 0,
  });
  // Decoding the answer as text drops the server's byte-order mark; without it Excel garbles "¿" and "ñ".
  const file = format === 'csv' && !body.startsWith('\uFEFF') ? `\uFEFF${body}` : body;
  saveFile(file, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json', `spark-conversations-${days}-days.${format}`);
}
