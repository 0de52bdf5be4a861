import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/document-fixtures';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { openFirstTestChat, send } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi as api, openWidget, useWebsite } from './support/widget-site';

const QUESTION = 'How do I install the Sparks server on Debian?';
/** A listing as a manual sets it: commands, an indented line and one line too long for a phone. */
const LISTING = [
  '$ sudo apt-get update',
  '$ sudo apt-get install sparks-server',
  'if [ -d /etc/sparks ]; then',
  '    sparks-server --config /etc/sparks/server.conf --listen 0.0.0.0:8080',
  'fi',
];

/** A manual with a listing in a typewriter face, a cross-reference and an address a line end broke. */
const manual = () =>
  makePdf([
    {
      heading: 'Installing the Sparks server',
      paragraphs: [
        'To install the Sparks server on Debian, run the following commands in a terminal (see Section 4.2 [Upgrading], page 12):',
        { code: LISTING },
        'The server starts at once. Questions about the install go to the forum at http://\ncommunity.example/sparks where volunteers answer within a day.',
      ],
    },
  ]);

async function uploadManual(page: Page, baseUrl: string, sparkId: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const form = new FormData();
  form.append('sparkId', sparkId);
  form.append('file', new Blob([new Uint8Array(await manual())], { type: 'application/pdf' }), 'install-manual.pdf');
  const response = await fetch(`${baseUrl}/api/v1/bucket`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(201);
  await expect
    .poll(async () => (await api<Array<{ status: string }>>(page, baseUrl, `/sparks/${sparkId}/documents`)).map((document) => document.status), {
      timeout: 30_000,
    })
    .toEqual(['ready']);
}

/** The answer's code block keeps the listing's lines, and scrolls sideways inside its bubble instead of widening the screen. */
async function expectScrollableListing(code: Locator, view: Page | Frame): Promise<void> {
  expect((await code.innerText()).trimEnd()).toBe(LISTING.join('\n'));
  const pre = code.locator('xpath=..');
  const { scrolls, pageFits } = await pre.evaluate((element) => ({
    scrolls: element.scrollWidth > element.clientWidth ? 'scrolls' : 'fits',
    pageFits: document.documentElement.scrollWidth <= window.innerWidth,
  }));
  expect(pageFits).toBe(true);
  // The longest line is wider than a phone's bubble; on a wide screen it may fit.
  if ((await view.evaluate(() => window.innerWidth)) < 600) expect(scrolls).toBe('scrolls');
}

/** What the answer says besides the code: the reference to another section is left out and the address is whole. */
async function expectCleanProse(answer: Locator | ReturnType<FrameLocator['locator']>): Promise<void> {
  const text = await answer.innerText();
  expect(text).toContain('run the following commands in a terminal');
  expect(text).not.toMatch(/Section 4\.2|page 12/);
}

describe.skipIf(skipBrowserTests)('answers that quote code from a PDF', () => {
  const product = useProductInBrowser();
  const website = useWebsite();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`show a manual's listing as a code block, without its cross-reference, in the test chat and in the widget (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page: owner } = await signedInPage(baseUrl, product.browser(), viewport, `code-${name}`, { bypassCSP: true });
      const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
      await uploadManual(owner, baseUrl, spark._id);

      // The owner tries it in a test chat.
      await openFirstTestChat(owner, baseUrl, spark._id);
      await send(owner, QUESTION);
      const answer = owner
        .getByTestId('message-ai')
        .filter({ has: owner.locator('pre code') })
        .last();
      await answer.waitFor({ timeout: 20_000 });
      await expectScrollableListing(answer.locator('pre code'), owner);
      await expectCleanProse(answer);
      expect(await seriousViolations(owner)).toEqual([]);
      await saveScreenshot(owner, `code-answer-test-chat-${name}`);

      // A visitor on the owner's website gets the same answer in the widget.
      const deployment = await api<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, {
        method: 'PATCH',
        body: { allowedOrigins: [website.origin()] },
      });
      website.setTag(deployment.snippet);
      const visitor = await openWidget(product.browser(), website.origin(), { viewport });
      const question = visitor.chat.getByRole('textbox', { name: 'Your question' });
      await question.fill(QUESTION);
      await question.press('Enter');
      const reply = visitor.chat
        .locator('.message.spark')
        .filter({ has: visitor.chat.locator('pre code') })
        .last();
      await reply.getByRole('button', { name: 'Helpful answer' }).waitFor({ timeout: 20_000 });
      const frame = visitor.page.frames().find((item) => item.url().includes('/widget/frame/'))!;
      await expectScrollableListing(reply.locator('pre code'), frame);
      await expectCleanProse(reply);
      expect(await reply.innerText()).toContain('http://community.example/sparks');
      // The text after the block opens its own paragraph, without a stray line break.
      expect(await reply.locator('pre + p').evaluate((paragraph) => paragraph.firstChild?.nodeName)).toBe('#text');
      expect(await seriousViolations(frame)).toEqual([]);
      await saveScreenshot(visitor.page, `code-answer-widget-${name}`);
      await visitor.context.close();
      await owner.close();
    });
  }
});
