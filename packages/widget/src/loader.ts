import type { WidgetLook } from '@sparks/contract';
import { API_BASE_PATH, fillPath } from '@sparks/contract/api-path';
import { WIDGET_API_PATHS } from '@sparks/contract/widget-api-paths';
import { SPARK_ICON_PATHS } from '@sparks/contract/spark-icon-paths';
import { loaderTexts } from './widget-texts';

/**
 * The script a website includes: `<script src=".../widget.js" data-spark="DEPLOY_TOKEN" async>`.
 * It draws a launcher in the Spark's colours inside a shadow root (the page's styles cannot
 * reach it) and, on first open, the chat in a frame from our own origin (the page cannot read it).
 */
interface SparksApi {
  open(): void;
  close(): void;
  toggle(): void;
}

declare global {
  interface Window {
    Sparks?: SparksApi;
  }
}

const STYLE = `
:host{all:initial}
.bubble{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;padding:0;margin:0;
 display:flex;align-items:center;justify-content:center;cursor:pointer;color:#fff;box-shadow:0 6px 20px rgba(0,0,0,.25);z-index:2147483646}
.bubble:focus-visible{outline:3px solid #1d4ed8;outline-offset:3px}
.bubble svg{width:28px;height:28px}
.panel{position:fixed;right:20px;bottom:88px;width:400px;height:min(640px,calc(100vh - 112px));border-radius:16px;overflow:hidden;
 box-shadow:0 12px 40px rgba(0,0,0,.3);background:#fff;z-index:2147483647}
.panel[hidden],.bubble[hidden]{display:none}
iframe{border:0;width:100%;height:100%;display:block}
@media (max-width:479px){.panel{inset:0;width:100%;height:100%;border-radius:0}}
`;

const icon = (name: keyof typeof SPARK_ICON_PATHS) =>
  `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${SPARK_ICON_PATHS[name] ?? SPARK_ICON_PATHS.chat}"/></svg>`;

function start(script: HTMLScriptElement): void {
  const token = script.dataset.spark ?? '';
  if (!/^dpl_[\w-]{10,64}$/.test(token)) {
    console.warn('[Sparks] The script tag needs data-spark="…" with the deploy token shown in Sparks, under Deploy.');
    return;
  }
  const base = new URL(script.src).origin;
  const texts = loaderTexts(navigator.language);
  // A custom element with important inline styles: page rules for div, * or [hidden] cannot hide or move it.
  const host = document.createElement('sparks-widget');
  host.setAttribute('style', 'all:initial !important;display:block !important;position:static !important');
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const bubble = document.createElement('button');
  bubble.className = 'bubble';
  bubble.type = 'button';
  bubble.setAttribute('aria-expanded', 'false');
  const panel = document.createElement('div');
  panel.className = 'panel';
  panel.hidden = true;
  root.append(style, bubble, panel);

  let frame: HTMLIFrameElement | null = null;
  let loaded = false;
  let name = '';

  const open = () => {
    if (!frame) {
      frame = document.createElement('iframe');
      // #launcher: the frame is a dialog opened from the launcher (it traps focus and closes on Escape).
      frame.src = `${base}/widget/frame/${token}#launcher`;
      frame.title = texts.frameTitle(name);
      frame.allow = 'clipboard-write';
      // Until it loads, the frame is a blank page of the website's origin: messages wait for the chat itself.
      frame.addEventListener('load', () => (loaded = true), { once: true });
      panel.append(frame);
    }
    panel.hidden = false;
    bubble.setAttribute('aria-expanded', 'true');
    frame.focus();
    if (loaded) frame.contentWindow?.postMessage({ type: 'sparks:opened' }, base);
  };
  const close = () => {
    if (panel.hidden) return;
    panel.hidden = true;
    bubble.setAttribute('aria-expanded', 'false');
    bubble.focus();
  };
  const toggle = () => (panel.hidden ? open() : close());

  bubble.addEventListener('click', toggle);
  window.addEventListener('message', (event) => {
    if (event.origin === base && frame && event.source === frame.contentWindow && (event.data as { type?: string } | null)?.type === 'sparks:close') close();
  });

  fetch(base + API_BASE_PATH + fillPath(WIDGET_API_PATHS.widgetLook.path, { token }), { credentials: 'omit' })
    .then(async (response) => {
      const body = (await response.json()) as { data?: WidgetLook; errors?: string[] };
      if (!response.ok || !body.data) {
        console.warn(`[Sparks] ${body.errors?.[0] ?? texts.unavailable}`);
        return;
      }
      const look = body.data;
      name = look.name;
      bubble.style.background = `linear-gradient(135deg, ${look.theme.palette.primary}, ${look.theme.palette.secondary})`;
      bubble.innerHTML = icon(look.theme.icon.name);
      bubble.setAttribute('aria-label', texts.open(name));
      // On the root element, not body: a transform on body (common in site themes) would pin the launcher to the page instead of the screen.
      document.documentElement.append(host);
      window.Sparks = { open, close, toggle };
      const wantsOpen = script.dataset.open;
      if (wantsOpen !== undefined && wantsOpen !== 'false') open();
    })
    .catch(() => console.warn(`[Sparks] ${texts.unavailable}`));
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) start(current);
