import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount, type SignedIn } from './support/accounts';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { send } from './support/chat-actions';
import {
  allShort,
  beaconServer,
  expectFitsWidth,
  expectNothingInjected,
  hostileStrings,
  injectionFindings,
  watchBeacon,
  type HostileStrings,
} from './support/hostile-markup';
import { useProductInBrowser } from './support/product';

const withoutBidi = (text: string): string => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');

const IMG = '<img src=x onerror="window.__pwned=1">';

/** The website that embeds the widget, on its own origin. */
function websiteServer(loaderTag: () => string) {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main><h1>Shop</h1></main>${loaderTag()}</body></html>`,
    );
  });
  return {
    start: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(skipBrowserTests)('hostile markup in every user-controlled string stays inert text', () => {
  const product = useProductInBrowser();
  const beacon = beaconServer();
  let snippet = '';
  const website = websiteServer(() => snippet);
  let websiteUrl = '';
  let hostile: HostileStrings;
  let account: SignedIn;
  let sparkId = '';
  let testId = '';
  const names = { spark: '', firstname: '', test: '', testCase: '', contentFile: '', otherFile: '' };
  const beaconRequests: string[] = [];

  async function api<T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${account.access_token}` };
    if (init.body) headers['content-type'] = 'application/json';
    const response = await fetch(`${product.server().url}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.form ? { body: init.form } : init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  }

  /** A browser context signed in as the shared account, whose requests to the beacon are recorded. */
  async function signedInContext(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await product.browser().newContext({ viewport });
    const seen = watchBeacon(context, beacon.url());
    context.on('close', () => beaconRequests.push(...seen));
    const page = await context.newPage();
    await page.goto(`${product.server().url}/auth`);
    await page.evaluate((tokens) => {
      localStorage.setItem('access_token', tokens.access_token);
      localStorage.setItem('refresh_token', tokens.refresh_token);
    }, account);
    return { context, page };
  }

  beforeAll(async () => {
    await beacon.start();
    websiteUrl = `http://127.0.0.1:${await website.start()}`;
    hostile = hostileStrings(beacon.url());
    // Each field holds as much hostile markup as its length limit allows.
    names.spark = `${hostile.img}${hostile.rightToLeft}`;
    names.firstname = `${hostile.svg}${hostile.style}`;
    names.test = `${hostile.script} ${hostile.markdownLink}`;
    names.testCase = hostile.anchor;
    // A file name keeps only what follows its last slash, and multipart encoding turns quotes into %22: these have neither.
    names.contentFile = `${hostile.img.replaceAll('"', '')}.md`;
    names.otherFile = `${hostile.svg}${hostile.entities}${hostile.markdownLink}.md`;

    account = await verifiedAccount(product.server().url, 'markup');
    await api('/account/profile', { method: 'PATCH', body: { firstname: names.firstname } });
    sparkId = (await api<{ _id: string }>('/sparks', { method: 'POST' }))._id;
    await api(`/sparks/${sparkId}`, { method: 'PATCH', body: { name: names.spark } });
    const content = [
      `# Warranty ${hostile.script}`,
      '',
      `The warranty code is ${allShort(hostile)} today`,
      '',
      `The serial number is ${hostile.longWord}`,
    ].join('\n');
    for (const [fileName, text] of [
      [names.contentFile, content],
      [names.otherFile, 'Opening hours are nine to five.'],
    ] as const) {
      const form = new FormData();
      form.append('sparkId', sparkId);
      form.append('file', new Blob([text], { type: 'text/markdown' }), fileName);
      await api('/bucket', { method: 'POST', form });
    }
    // expect.poll works only inside a test: wait for both documents by hand.
    const wanted = [`${names.contentFile}:ready`, `${names.otherFile}:ready`].sort().join('|');
    const states = async () =>
      (await api<Array<{ name: string; status: string }>>(`/sparks/${sparkId}/documents`))
        .map((document) => `${document.name}:${document.status}`)
        .sort()
        .join('|');
    for (let waited = 0; (await states()) !== wanted; waited += 200) {
      if (waited > 30_000) throw new Error(`documents not ready: ${await states()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await website.stop();
    await beacon.stop();
  });

  it('would notice each hostile string that became markup (the checks themselves)', async () => {
    const context = await product.browser().newContext({ viewport: VIEWPORTS.mobile });
    const seen = watchBeacon(context, beacon.url());
    const page = await context.newPage();
    // A page without a content policy that parses the strings as HTML and Markdown, as a careless renderer would.
    await page.goto(websiteUrl);
    await page.evaluate(
      (html) => {
        document.body.innerHTML = html;
        // innerHTML never runs <script>: this one stands for a script inserted in a way that does.
        const script = document.createElement('script');
        script.textContent = 'window.__pwned = window.__pwned || 1';
        document.body.append(script);
      },
      `${allShort(hostile)} <a href="javascript:window.__pwned=1">click</a> <img alt=x src="${beacon.url()}/beacon.png"> <p>${hostile.longWord}</p>`,
    );
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    const findings = await injectionFindings(page);
    expect(findings.pwned).toBe(1);
    expect(findings.hostileElements.join('\n')).toMatch(/<img[\s\S]*<svg[\s\S]*<iframe[\s\S]*<style/);
    expect(findings.javascriptLinks).toBe(2);
    expect(findings.bodyHidden).toBe(true);
    // With the hiding style gone, the unbroken word sticks out of the window.
    await page.evaluate(() => document.querySelectorAll('body style').forEach((style) => style.remove()));
    await expect(expectFitsWidth(page, 'a long word that does not wrap')).rejects.toThrow();
    await context.close();
    beacon.hits.length = 0;
  });

  it('shows names, typed builder messages, instructions and file names as text (desktop)', async () => {
    const baseUrl = product.server().url;
    const { context, page } = await signedInContext(VIEWPORTS.desktop);

    // Home: the greeting and the header use the hostile first name.
    await page.goto(`${baseUrl}/`);
    const greeting = page.getByTestId('home-greeting');
    await greeting.filter({ hasText: names.firstname }).waitFor();
    expect(await greeting.innerText()).toContain(names.firstname);
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('link', { name: names.spark }).waitFor();
    await expectNothingInjected(page, 'home');
    // The delete dialog names the Spark in its title and body.
    await sidebar.getByRole('button', { name: `Actions for ${names.spark}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: /^Delete/ });
    expect(await dialog.innerText()).toContain(names.spark);
    await expectNothingInjected(page, 'delete dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The builder: the page title and the greeting carry the Spark's name; typed answers become its instructions.
    await page.goto(`${baseUrl}/spark/${sparkId}`);
    // Direction overrides are dropped from the tab title, so they cannot reorder its suffix.
    await expect.poll(() => page.title()).toBe(`${withoutBidi(names.spark)} · Sparks`);
    await page.getByText('What is this Spark for?').waitFor();
    // The documents uploaded before the builder was opened stay in its conversation, ahead of its greeting.
    expect(await page.getByTestId('message-ai').filter({ hasText: 'What is this Spark for?' }).first().innerText()).toContain(names.spark);
    const purpose = `Answering about ${hostile.img} ${hostile.script} ${hostile.markdownLink} ${hostile.markdownImage}`;
    await send(page, purpose);
    await page.getByText('Who will talk to it?').waitFor();
    const audience = `${hostile.svg} ${hostile.anchor} ${hostile.iframe} ${hostile.style} ${hostile.entities} ${hostile.rightToLeft}`;
    await send(page, audience);
    await page.getByRole('button', { name: 'Friendly' }).click();
    await page.getByText('Done! I wrote its instructions').waitFor();
    // The instructions card quotes the answers as the instructions now hold them.
    expect(await page.getByText('You talk with:', { exact: false }).last().innerText()).toContain(audience);
    const welcome = `Welcome message: Hello ${allShort(hostile)}`;
    await send(page, welcome);
    await page.getByText('Done, I changed the message it greets visitors with.').waitFor();
    // The longest message the chat takes, one unbroken word.
    await send(page, hostile.longWord.slice(0, 4_000));
    await page.getByText('I can help you shape').last().waitFor();
    // Each bubble starts with a "You said:" for screen readers.
    const typed = (await page.getByTestId('message-human').allInnerTexts()).map((text) => text.replace(/^You said:\s*/, ''));
    expect(typed).toEqual(expect.arrayContaining([purpose, audience, welcome, hostile.longWord.slice(0, 4_000)]));
    await expectNothingInjected(page, 'builder chat');
    await expectFitsWidth(page, 'builder chat');

    // The documents panel lists the hostile file names as written.
    await page.getByTestId('documents-button').click();
    const panel = page.getByTestId('documents-panel');
    for (const fileName of [names.contentFile, names.otherFile]) await panel.getByRole('article', { name: fileName }).waitFor();
    await expectNothingInjected(page, 'documents panel');
    await context.close();
    expect(beaconRequests).toEqual([]);
  });

  it('keeps the welcome, a typed question, a quoted answer, its passage and the test names inert, on desktop and phone', async () => {
    const baseUrl = product.server().url;
    testId = (await api<{ _id: string }>(`/sparks/${sparkId}/tests`, { method: 'POST', body: { name: names.test } }))._id;
    const { context, page } = await signedInContext(VIEWPORTS.desktop);
    await page.goto(`${baseUrl}/spark/${sparkId}/test/${testId}`);
    // The tab shows a shortened name and keeps the whole one in its tooltip and its delete button.
    await page.getByRole('navigation', { name: 'Tests' }).getByTitle(names.test, { exact: true }).waitFor();
    await page.getByRole('button', { name: `Delete test ${names.test}` }).waitFor();
    await expect.poll(() => page.title()).toContain(withoutBidi(names.spark));
    // The welcome message written in the builder opens the test chat.
    await page.getByTestId('message-ai').filter({ hasText: 'Hello' }).first().waitFor();
    await expectNothingInjected(page, 'test chat welcome');

    const question = `What is the warranty code and the serial number? ${hostile.img} ${hostile.script} ${hostile.iframe}`;
    await send(page, question);
    await page.getByTestId('message-human').filter({ hasText: question }).waitFor();
    const answer = page.getByTestId('message-ai').filter({ hasText: 'This is what I found' }).last();
    await answer.waitFor({ timeout: 30_000 });
    const answerText = await answer.innerText();
    expect(answerText).toContain('The warranty code is');
    expect(answerText).toContain(IMG);
    expect(answerText).toContain(hostile.script);
    await expectNothingInjected(page, 'test chat answer');

    // The cited passage and the retrieval inspector show the document's name and text as text.
    await answer
      .getByRole('button', { name: /^Source \d+$/ })
      .first()
      .click();
    const citation = page.getByTestId('citation-dialog');
    await citation.getByTestId('passage-preview').waitFor();
    expect(await citation.innerText()).toContain(IMG);
    await expectNothingInjected(page, 'citation passage');
    await page.keyboard.press('Escape');
    await citation.waitFor({ state: 'hidden' });
    await answer.getByRole('button', { name: /Why this answer\?/ }).click();
    await answer.getByTestId('inspector-source').filter({ hasText: names.contentFile }).first().waitFor();
    await expectNothingInjected(page, 'retrieval inspector');
    await expectFitsWidth(page, 'test chat, desktop');
    await saveScreenshot(page, 'markup-injection-test-chat-desktop');

    await page.setViewportSize(VIEWPORTS.mobile);
    await answer.scrollIntoViewIfNeeded();
    await expectFitsWidth(page, 'test chat, phone');
    await expectNothingInjected(page, 'test chat, phone');
    await saveScreenshot(page, 'markup-injection-test-chat-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    // A saved test case with hostile name and expectations runs, fails, and shows them as text.
    await api(`/sparks/${sparkId}/test-cases`, {
      method: 'POST',
      body: {
        testId,
        name: names.testCase,
        checks: [{ turn: 0, mustInclude: [hostile.iframe, hostile.markdownImage], mustNotInclude: [hostile.style], expectation: allShort(hostile) }],
      },
    });
    await page.getByTestId('test-suite-button').click();
    const suite = page.getByTestId('test-suite-panel');
    const testCase = suite.getByTestId('test-case').filter({ hasText: names.testCase });
    await testCase.getByText('Failed').waitFor({ timeout: 30_000 });
    await testCase.getByRole('button', { name: 'Compare answers' }).click();
    await testCase.getByTestId('case-compare').waitFor();
    expect(await testCase.innerText()).toContain(hostile.iframe);
    await expectNothingInjected(page, 'test suite panel');
    await context.close();
    expect(beaconRequests).toEqual([]);
  });

  it('keeps the widget launcher, welcome, visitor question, answer and the owner’s conversation view inert', async () => {
    const baseUrl = product.server().url;
    const deployment = await api<{ snippet: string }>(`/sparks/${sparkId}/deploy`, { method: 'PATCH', body: { allowedOrigins: [websiteUrl] } });
    snippet = deployment.snippet;

    const visitor = await product.browser().newContext({ viewport: VIEWPORTS.desktop });
    const seen = watchBeacon(visitor, beacon.url());
    const page = await visitor.newPage();
    await page.goto(websiteUrl);
    await page.getByRole('button', { name: `Open the chat with ${names.spark}` }).click();
    const chat = page.frameLocator('sparks-widget iframe');
    await chat.getByRole('dialog', { name: names.spark }).waitFor();
    await chat.getByText('Hello', { exact: false }).first().waitFor();
    const frame = page.frames().find((item) => item.url().includes('/widget/frame/'))!;
    expect(await frame.title()).toBe(names.spark);

    const question = chat.getByRole('textbox', { name: 'Your question' });
    const asked = `What is the warranty code? ${hostile.svg} ${hostile.anchor} ${hostile.markdownImage}`;
    await question.fill(asked);
    await question.press('Enter');
    await chat.locator('.message.spark .body').filter({ hasText: 'The warranty code is' }).waitFor({ timeout: 30_000 });
    await chat.locator('.sources summary').last().click();
    const log = await chat.getByRole('log').innerText();
    expect(log).toContain(asked);
    expect(log).toContain(IMG);
    expect(log).toContain(names.contentFile);
    await expectNothingInjected(page, 'website with the widget');
    await expectNothingInjected(frame, 'widget chat');
    await expectFitsWidth(frame, 'widget chat');

    // The owner reads the visitor's conversation in the deploy panel.
    const { context, page: owner } = await signedInContext(VIEWPORTS.desktop);
    await owner.goto(`${baseUrl}/spark/${sparkId}?panel=deploy`);
    const panel = owner.getByTestId('deploy-panel');
    await panel.getByRole('button', { name: /What is the warranty code\?/ }).click();
    await panel.getByRole('list', { name: 'Messages' }).getByText(asked).waitFor();
    await expectNothingInjected(owner, 'visitor conversations');
    await context.close();
    await visitor.close();
    expect([...beaconRequests, ...seen]).toEqual([]);
    expect(beacon.hits).toEqual([]);
  });
});
