import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Markup a hostile user (or a hostile document) may type anywhere: each piece would run script,
 * load something from elsewhere, hide the page or spoof text if it were ever parsed as HTML or
 * Markdown with links and images. `beacon` is the address of a loopback server counting requests.
 */
export function hostileStrings(beacon: string) {
  return {
    img: '<img src=x onerror="window.__pwned=1">',
    script: '<script>window.__pwned=1</script>',
    svg: '<svg onload=window.__pwned=1>',
    markdownLink: '[click](javascript:window.__pwned=1)',
    markdownImage: `![x](${beacon}/beacon.png)`,
    anchor: '<a href="javascript:window.__pwned=1">link</a>',
    iframe: `<iframe src="${beacon}/frame.html"></iframe>`,
    style: '<style>body{display:none}</style>',
    entities: '&lt;b&gt;&amp;&#60;i&#62;&quot;',
    rightToLeft: '\u202Eexe.txt',
    longWord: 'W'.repeat(5_000),
  };
}
export type HostileStrings = ReturnType<typeof hostileStrings>;

/** Every short piece in one line, for fields that take a few hundred characters. */
export const allShort = (hostile: HostileStrings): string =>
  [
    hostile.img,
    hostile.script,
    hostile.svg,
    hostile.markdownLink,
    hostile.markdownImage,
    hostile.anchor,
    hostile.iframe,
    hostile.style,
    hostile.entities,
    hostile.rightToLeft,
  ].join(' ');

/** A loopback web server standing in for an outside host: it counts every request that reaches it. */
export function beaconServer() {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(404).end();
  });
  let url = '';
  return {
    hits,
    url: () => url,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Records every request a browser context makes to the beacon (frames included). */
export function watchBeacon(context: BrowserContext, beacon: string): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(beacon)) seen.push(request.url());
  });
  return seen;
}

interface InjectionFindings {
  pwned: unknown;
  hostileElements: string[];
  javascriptLinks: number;
  bodyHidden: boolean;
}

/**
 * What the hostile strings managed in a document (and its open shadow roots): script that ran, elements
 * whose handlers, sources or text came from them, javascript: links, or a hidden body.
 */
function findInjections(): InjectionFindings {
  const hostileValue = /__pwned|beacon|frame\.html|javascript:/i;
  const urlAttributes = new Set(['src', 'href', 'srcdoc', 'data', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'background']);
  const hostileElements: string[] = [];
  let javascriptLinks = 0;
  const scan = (root: Document | ShadowRoot) => {
    for (const element of Array.from(root.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if ((name.startsWith('on') || urlAttributes.has(name)) && hostileValue.test(attribute.value)) hostileElements.push(element.outerHTML.slice(0, 120));
      }
      const tag = element.tagName.toLowerCase();
      // A JSON data block never runs; a string breaking out of it would show up as a script or element of its own.
      const dataBlock = tag === 'script' && element.getAttribute('type') === 'application/json';
      if ((tag === 'script' || tag === 'style') && !dataBlock && /__pwned|body\s*\{\s*display:\s*none/.test(element.textContent ?? ''))
        hostileElements.push(element.outerHTML.slice(0, 120));
      if (tag === 'a' && /^\s*javascript:/i.test(element.getAttribute('href') ?? '')) javascriptLinks += 1;
      if (element.shadowRoot) scan(element.shadowRoot);
    }
  };
  scan(document);
  return {
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    hostileElements,
    javascriptLinks,
    bodyHidden: getComputedStyle(document.body).display === 'none',
  };
}

export const injectionFindings = (target: Page | Frame): Promise<InjectionFindings> => target.evaluate(findInjections);

/** Fails when anything of the hostile strings became markup in this page or frame. */
export async function expectNothingInjected(target: Page | Frame, where: string): Promise<void> {
  expect(await injectionFindings(target), where).toEqual({ pwned: undefined, hostileElements: [], javascriptLinks: 0, bodyHidden: false });
}

/**
 * Long words wrap instead of widening the screen: the page does not scroll sideways, and nothing in
 * the content (`main`, or the whole body of a frame without one) reaches past the window's edges,
 * even where a scrolling container would hide the overflow.
 */
export async function expectFitsWidth(target: Page | Frame, where: string): Promise<void> {
  const found = await target.evaluate(() => {
    const limit = window.innerWidth;
    const root = document.querySelector('main') ?? document.body;
    const outside: string[] = [];
    for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
      const box = element.getBoundingClientRect();
      // Screen-reader-only text is a 1 px box; hidden elements have none.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -1 || box.right > limit + 1) outside.push(`${element.tagName.toLowerCase()} ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return { scrollsSideways: document.documentElement.scrollWidth > limit, outside: outside.slice(0, 5) };
  });
  expect(found, where).toEqual({ scrollsSideways: false, outside: [] });
}
