import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { widgetOnWebsite } from './support/widget-on-website';
import { useWebsite } from './support/widget-site';

/** How much of its form a field spans, and how far its left edge sits from the form's. */
async function spanOf(field: Locator, form: Locator) {
  // The comment form shows once the vote is stored, a moment after the thumb is pressed.
  await field.waitFor();
  const [own, whole] = await Promise.all([field.boundingBox(), form.boundingBox()]);
  if (!own || !whole) throw new Error('not laid out');
  return { share: own.width / whole.width, leftGap: Math.abs(own.x - whole.x) };
}

/**
 * A visitor asking for a person is offered one at once, and the forms under answers (the
 * address for a person, the comment after a thumbs down) are full-width columns, readable on a phone.
 */
describe.skipIf(skipBrowserTests)('the widget’s hand-off and comment forms', () => {
  const product = useProductInBrowser();
  const website = useWebsite();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`offers a person at once and lays its forms out as full-width fields (${name})`, async () => {
      const { owner, context, page, chat } = await widgetOnWebsite(product, website, viewport, `forms-${name}`);
      // The composer: the contact form has a question field of its own.
      const question = chat.locator('form:not(.contact-form):not(.comment)').getByRole('textbox', { name: 'Your question' });
      await question.fill('Can I talk to a person?');
      await question.press('Enter');
      await chat
        .getByText(
          'Of course. Someone from the team will join this conversation here if they can, or reply by e-mail: leave your e-mail address below so they can write to you.',
        )
        .waitFor();
      expect(await chat.getByText('I don’t have information', { exact: false }).count()).toBe(0);
      await chat.getByRole('button', { name: 'Leave your e-mail and we’ll answer' }).last().click();
      const contact = chat.locator('form.contact-form').last();
      for (const field of [contact.getByLabel('Your e-mail address'), contact.locator('textarea')]) {
        const { share, leftGap } = await spanOf(field, contact);
        expect(share).toBeGreaterThan(0.9);
        expect(leftGap).toBeLessThan(4);
      }
      await saveScreenshot(page, `widget-contact-form-${name}`);

      await question.fill('How many days do I have to return a bicycle?');
      await question.press('Enter');
      await chat.getByText('30 days', { exact: false }).filter({ visible: true }).last().waitFor();
      // The streamed answer is replaced by the final one, with its own thumbs.
      await expect.poll(() => chat.getByRole('button', { name: 'Not helpful' }).count()).toBe(2);
      await chat.getByRole('button', { name: 'Not helpful' }).last().click();
      await expect.poll(() => chat.getByRole('button', { name: 'Not helpful' }).last().getAttribute('aria-pressed')).toBe('true');
      const comment = chat.locator('form.comment').last();
      const { share, leftGap } = await spanOf(comment.getByLabel('What was wrong? (optional)'), comment);
      expect(share).toBeGreaterThan(0.9);
      expect(leftGap).toBeLessThan(4);
      await saveScreenshot(page, `widget-comment-form-${name}`);
      const frame = page.frames().find((item) => item.url().includes('/widget/frame/'))!;
      expect(await seriousViolations(frame)).toEqual([]);
      await context.close();
      await owner.close();
    });
  }
});
