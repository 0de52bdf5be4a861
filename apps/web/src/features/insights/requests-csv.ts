import type { VisitorRequest } from '@sparks/contract';

const cell = (value: string | null) => {
  const text = value ?? '';
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The requests as CSV (with a byte-order mark so spreadsheets read accents): the addresses the owner may export. */
export function requestsCsv(requests: readonly VisitorRequest[]): string {
  const header = ['createdAt', 'email', 'language', 'question', 'status', 'answer', 'answeredAt'];
  const rows = requests.map((request) =>
    [request.createdAt, request.email, request.language, request.question, request.status, request.answer, request.answeredAt].map(cell).join(','),
  );
  return `\uFEFF${[header.join(','), ...rows].join('\r\n')}\r\n`;
}
