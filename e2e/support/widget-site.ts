import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

/** What the widget tests' Spark answers from: a bike shop's handbook, with markup that must stay inert. */
export const HANDBOOK = [
  '# Bike shop handbook',
  '',
  'Bicycles can be returned within 30 days of purchase with the receipt; refunds go back to the original card.',
  '',
  'Warranty: frames carry a <b>five-year</b> warranty <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>.',
].join('\n');

/** A website on its own origin that includes the loader, optionally with hostile styles. */
export function websiteServer(loaderTag: () => string) {
  const hostile = `<style>
    * { font-size: 40px !important; color: red !important; }
    div, button, iframe, [hidden] { display: none !important; width: 1px !important; height: 1px !important; }
    body { transform: scale(1); }
  </style>`;
  const server: Server = createServer((request, response) => {
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bike shop</title>${request.url === '/hostile' ? hostile : ''}</head>
      <body><main><h1>Bike shop</h1><p>Welcome to our shop.</p></main>${loaderTag()}</body></html>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  return {
    start: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The suite's website on loopback, started before it and stopped after; it serves the loader tag last set. */
export function useWebsite() {
  let tag = '';
  const website = websiteServer(() => tag);
  let origin = '';
  beforeAll(async () => {
    origin = `http://127.0.0.1:${await website.start()}`;
  });
  afterAll(() => website.stop());
  return {
    origin: () => origin,
    setTag: (next: string) => {
      tag = next;
    },
  };
}

/**
 * A visitor on the website in a browser of their own, with the chat opened from its launcher (named
 * in the visitor's language). `beforeVisit` prepares their page before it loads the website.
 */
export async function openWidget(
  browser: Browser,
  origin: string,
  visitor: { viewport: { width: number; height: number }; locale?: string; launcher?: string; beforeVisit?: (page: Page) => Promise<unknown> },
) {
  // CSP bypassed only so the accessibility checker can be injected into the frame.
  const context = await browser.newContext({ viewport: visitor.viewport, bypassCSP: true, ...(visitor.locale ? { locale: visitor.locale } : {}) });
  const page = await context.newPage();
  await visitor.beforeVisit?.(page);
  await page.goto(origin);
  await page.getByRole('button', { name: visitor.launcher ?? 'Open the chat with Spark Nuevo' }).click();
  const chat = page.frameLocator('sparks-widget iframe');
  await chat.getByRole('dialog', { name: 'Spark Nuevo' }).waitFor();
  return { context, page, chat };
}

/** A call of the API as the signed-in owner of `page`, failing loudly on anything but success. */
export async function ownerApi<T>(page: Page, baseUrl: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Uploads the handbook to the Spark and waits until it is read. */
export async function uploadHandbook(page: Page, baseUrl: string, sparkId: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const form = new FormData();
  form.append('sparkId', sparkId);
  form.append('file', new Blob([HANDBOOK], { type: 'text/markdown' }), 'handbook.md');
  const response = await fetch(`${baseUrl}/api/v1/bucket`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(201);
  await expect
    .poll(async () => (await ownerApi<Array<{ status: string }>>(page, baseUrl, `/sparks/${sparkId}/documents`)).map((document) => document.status), {
      timeout: 30_000,
    })
    .toEqual(['ready']);
}
