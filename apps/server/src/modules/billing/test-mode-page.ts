import type { Language } from '@sparks/contract';

/** A plan's monthly price in whole euros, as the test pages show it. */
export const eurosOf = (plan: { unitAmount: number | null }): string => ((plan.unitAmount ?? 0) / 100).toFixed(0);

export const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The frame of the built-in test payment pages: plain HTML and CSS (no script, so the strict CSP
 * holds), a banner that says no real money moves, in the visitor's language.
 */
export function testModePage(
  options: { language: Language; plan: { productName: string; unitAmount: number | null } },
  text: { title: string; banner: string; plan: (name: string, euros: string) => string },
  body: string,
): string {
  return `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)} · Sparks</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;background:#f7f6fb;color:#1c1a29}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.banner{background:#fef3c7;color:#78350f;border:1px solid #f59e0b;border-radius:12px;padding:12px;font-size:14px;font-weight:600}
h1{font-size:22px;margin:20px 0 4px}
.plan{color:#5f5b73;margin:0 0 16px}
form{display:grid;gap:12px;background:#fff;border:1px solid #e4e2ee;border-radius:16px;padding:16px}
label{display:grid;gap:4px;font-size:14px;font-weight:500}
input{font:inherit;padding:10px;border:1px solid #c9c5d9;border-radius:8px;width:100%;min-width:0}
input:focus,button:focus-visible,a:focus-visible{outline:2px solid #5b3df5;outline-offset:1px}
.row{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
button{font:inherit;font-weight:600;color:#fff;background:#5b3df5;border:0;border-radius:10px;padding:12px;cursor:pointer}
button.danger{background:#b91c1c}
form p{margin:0}
.error{color:#b91c1c;font-weight:600}
a{color:#4527d6}
</style>
</head>
<body>
<main>
<p class="banner" role="note">${escapeHtml(text.banner)}</p>
<h1>${escapeHtml(text.title)}</h1>
<p class="plan">${escapeHtml(text.plan(options.plan.productName, eurosOf(options.plan)))}</p>
${body}
</main>
</body>
</html>`;
}
