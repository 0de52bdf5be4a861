import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { latestMailText } from './support/mailbox';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi as api, openWidget, uploadHandbook, useWebsite } from './support/widget-site';

const UNKNOWN = 'Do you ship to Canada?';
const OWNER_ANSWER = 'Yes: we ship to Canada within 5 to 7 business days.';

/**
 * The loop from a real visitor back to a better answer: a question the Spark cannot answer, thumbed
 * down and passed on with an e-mail address; the owner answers it from the inbox, replies by e-mail,
 * and the next visitor asking it gets the owner's answer, which a saved test now covers.
 */
describe.skipIf(skipBrowserTests)('the knowledge-gap loop', () => {
  const product = useProductInBrowser();
  const website = useWebsite();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`takes an unanswered visitor question to the owner and back to a cited answer (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page: owner } = await signedInPage(baseUrl, product.browser(), viewport, `gaps-${name}`, { bypassCSP: true });
      const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
      await uploadHandbook(owner, baseUrl, spark._id);
      const deployment = await api<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, {
        method: 'PATCH',
        body: { allowedOrigins: [website.origin()], suggestedQuestions: ['How many days do I have to return a bicycle?'] },
      });
      website.setTag(deployment.snippet);

      // The visitor is greeted with the owner's suggested question, asks something the handbook does not say, and is offered a person.
      const visitor = await openWidget(product.browser(), website.origin(), { viewport });
      const { chat } = visitor;
      await chat.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: 'How many days do I have to return a bicycle?' }).waitFor();
      const question = chat.getByRole('textbox', { name: 'Your question' });
      await question.fill(UNKNOWN);
      await question.press('Enter');
      const offer = chat.getByRole('button', { name: 'Leave your e-mail and we’ll answer' });
      await offer.waitFor();
      expect(await chat.getByRole('group', { name: 'Suggested questions' }).count()).toBe(0);
      const notHelpful = chat.getByRole('button', { name: 'Not helpful' }).last();
      await notHelpful.click();
      await expect.poll(() => notHelpful.getAttribute('aria-pressed')).toBe('true');
      await chat.getByLabel('What was wrong? (optional)').fill('I need to know about Canada');
      await chat.getByRole('button', { name: 'Send comment' }).click();
      await chat.getByText('Thanks: the team will look at it.').waitFor();

      await offer.click();
      await chat.getByLabel('Your e-mail address').fill('not an address');
      await chat.getByRole('button', { name: 'Send to the team' }).click();
      await chat.getByText('Enter an e-mail address such as name@example.com.').waitFor();
      await chat.getByLabel('Your e-mail address').fill(`visitor-${name}@example.com`);
      await chat.getByRole('button', { name: 'Send to the team' }).click();
      await chat.getByText('Tick the box so the team may e-mail you.').waitFor();
      await chat.getByRole('checkbox').check();
      await chat.getByRole('button', { name: 'Send to the team' }).click();
      await chat.getByText(`Thanks! The team will answer you at visitor-${name}@example.com.`).waitFor();
      await saveScreenshot(visitor.page, `widget-handoff-${name}`);
      const frame = visitor.page.frames().find((item) => item.url().includes('/widget/frame/'))!;
      expect(await seriousViolations(frame)).toEqual([]);

      // The owner heard of it by e-mail, and finds it in the inbox and the Requests list of the insights screen.
      const profile = await api<{ email: string }>(owner, baseUrl, '/account/profile');
      expect(await latestMailText(baseUrl, profile.email)).toContain(UNKNOWN);
      await owner.goto(`${baseUrl}/spark/${spark._id}/insights`);
      const inbox = owner.getByTestId('gap-inbox');
      const gap = inbox.getByRole('article', { name: UNKNOWN });
      await gap.getByText('I need to know about Canada').waitFor();
      await gap.getByRole('button', { name: 'Write the answer' }).click();
      await gap.getByLabel('Your answer').fill(OWNER_ANSWER);
      await gap.getByLabel('A good answer mentions (separate with commas)').fill('5 to 7 business days');
      await gap.getByRole('button', { name: "Add to the Spark's knowledge" }).click();
      // The question leaves "To answer" saying where it went, with the Spark asked again right there.
      const notice = inbox.getByTestId('gap-resolved-notice');
      await notice.getByText(`“${UNKNOWN}” is answered and moved to Resolved.`, { exact: false }).waitFor();
      await notice.getByText('The Spark now answers this question').waitFor({ timeout: 20_000 });
      await saveScreenshot(owner, `insights-gap-moved-${name}`);
      await notice.getByRole('button', { name: 'Show resolved questions' }).click();
      await inbox.getByText('The Spark now answers this question').waitFor({ timeout: 20_000 });
      await inbox.getByText('5 to 7 business days', { exact: false }).first().waitFor();

      const requests = owner.getByTestId('requests-list');
      const request = requests.getByRole('article', { name: UNKNOWN });
      await request.getByRole('button', { name: 'Reply' }).click();
      await request.getByLabel(`Your reply to visitor-${name}@example.com`).fill('Hello Ana,\n\nyes, to every province, in 5 to 7 business days.\n\nBest, Eva');
      // Teaching the Spark is opt-in; it shows what will be learned (no greeting) and that it replaces the inbox answer.
      expect(await request.getByLabel('What the Spark will learn').count()).toBe(0);
      await request.getByRole('checkbox', { name: 'Also teach it to the Spark, for every visitor who asks this' }).check();
      const learned = request.getByLabel('What the Spark will learn');
      expect(await learned.inputValue()).toBe('Yes, to every province, in 5 to 7 business days.');
      await request.getByText("This question already has an answer in the Spark's knowledge. Saving replaces it with this text.").waitFor();
      await saveScreenshot(owner, `insights-reply-knowledge-${name}`);
      await request.getByRole('button', { name: 'Send reply' }).click();
      await request.getByText('Replied').waitFor();
      expect(await latestMailText(baseUrl, `visitor-${name}@example.com`)).toContain('5 to 7 business days');
      expect(await seriousViolations(owner)).toEqual([]);
      await saveScreenshot(owner, `insights-inbox-${name}`);

      // The next visitor asking the same gets the owner's answer, cited; a saved test covers it.
      const next = await openWidget(product.browser(), website.origin(), { viewport });
      const again = next.chat.getByRole('textbox', { name: 'Your question' });
      await again.fill(UNKNOWN);
      await again.press('Enter');
      await next.chat.getByText('5 to 7 business days', { exact: false }).filter({ visible: true }).last().waitFor();
      await next.chat.getByText('1 source').last().click();
      // Cited by its question: nothing of the owner's address reaches the visitor.
      await next.chat.locator('details.sources strong', { hasText: UNKNOWN }).last().waitFor();
      expect(await next.chat.locator('details.sources').last().innerText()).not.toContain(`gaps-${name}`);
      expect(await next.chat.locator('details.sources').last().innerText()).not.toContain('Hello Ana');
      expect(await next.chat.getByRole('button', { name: 'Leave your e-mail and we’ll answer' }).count()).toBe(0);
      const cases = await api<Array<{ turns: Array<{ question: string; expectations: { mustInclude: string[] } | null }> }>>(
        owner,
        baseUrl,
        `/sparks/${spark._id}/test-cases`,
      );
      expect(cases.map((item) => item.turns[0])).toEqual([
        { question: UNKNOWN, baseline: OWNER_ANSWER, expectations: expect.objectContaining({ mustInclude: ['5 to 7 business days'] }) },
      ]);
      await next.context.close();
      await visitor.context.close();
      await owner.close();
    });
  }
});
