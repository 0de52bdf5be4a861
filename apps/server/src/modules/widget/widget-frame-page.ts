import type { Language, WidgetLook } from '@sparks/contract';

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** JSON that can sit inside a <script> element: nothing in it can close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026');

export interface FrameConfig {
  token: string;
  ticket: string;
  language: Language;
  look: WidgetLook;
}

/**
 * The chat frame's page: no inline script or style (its CSP allows only our own files), the
 * start-up settings as a JSON data block the frame script reads.
 */
export function widgetFramePage(config: FrameConfig): string {
  return `<!doctype html>
<html lang="${config.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(config.look.name)}</title>
<link rel="stylesheet" href="/widget/frame.css">
</head>
<body>
<script type="application/json" id="sparks-config">${scriptSafeJson(config)}</script>
<script src="/widget/frame.js" defer></script>
</body>
</html>`;
}

/** What the frame shows when it may not run here (the loader normally never opens it then). */
export function widgetRefusedPage(language: Language, message: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>Sparks</title></head>
<body><p role="alert">${escapeHtml(message)}</p></body>
</html>`;
}

/** The frame's CSP: only our own files, and only the Spark's allowed websites (and our app) may frame it. */
export function widgetFramePolicy(allowedOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self' ${allowedOrigins.join(' ')}`.trim(),
  ].join('; ');
}
