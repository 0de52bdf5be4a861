export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The one look of our e-mails: a title, an optional highlighted value (a code, a figure) and plain paragraphs, all escaped. */
export function emailLayout(title: string, paragraphs: readonly string[], highlight?: string): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('');
  const box = highlight ? `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px;color:#5b3df5">${escapeHtml(highlight)}</p>` : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1a29;max-width:520px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${box}${body}<p style="color:#5f5b73;font-size:12px">Sparks</p></body></html>`;
}
