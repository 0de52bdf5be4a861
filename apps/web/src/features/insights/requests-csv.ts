import type { VisitorRequest } from '@sparks/contract';
import { stringify } from 'csv-stringify/browser/esm/sync';

const COLUMNS = ['createdAt', 'email', 'language', 'question', 'status', 'answer', 'answeredAt'] as const;

/**
 * The requests as CSV: the addresses the owner may export. A byte-order mark so spreadsheets read
 * accents; visitors write the questions, so a cell starting with = + - @, a tab or a carriage
 * return is prefixed with ' by the library (OWASP's CSV injection advice), as the server's export does.
 */
export function requestsCsv(requests: readonly VisitorRequest[]): string {
  const rows = requests.map((request) => COLUMNS.map((column) => request[column] ?? ''));
  return stringify(rows, { header: true, columns: [...COLUMNS], bom: true, escape_formulas: true, record_delimiter: 'windows' });
}
