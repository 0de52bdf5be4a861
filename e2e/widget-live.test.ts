import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { cuttableEventStreams, dropEventStreams, restoreEventStreams } from './support/live-page';
import { useProductInBrowser } from './support/product';
import { widgetOnWebsite } from './support/widget-on-website';
import { ownerApi as api, useWebsite } from './support/widget-site';

/**
 * A person taking a visitor's conversation over, seen from the visitor's widget on the owner's
 * website: the notice that they joined, their messages as text, a dropped network that loses
 * and repeats nothing, and the notice that the assistant answers again.
 */
describe.skipIf(skipBrowserTests)('the widget when a person takes the conversation over', () => {
  const product = useProductInBrowser();
  const website = useWebsite();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the person's messages live and resumes after a dropped network (${name})`, async () => {
      // The frame's stream of the conversation can be cut: a context set offline keeps a stream already open.
      const { baseUrl, owner, sparkId, context, page, chat } = await widgetOnWebsite(product, website, viewport, `widget-live-${name}`, {
        beforeVisit: (visitor) => cuttableEventStreams(visitor, '/live'),
      });
      const question = chat.locator('form:not(.contact-form):not(.comment)').getByRole('textbox', { name: 'Your question' });
      await question.fill('Can I talk to a person?');
      await question.press('Enter');
      await chat.getByText('will join this conversation here if they can, or reply by e-mail', { exact: false }).waitFor();

      const [conversation] = await api<Array<{ id: string; askedForPerson: boolean }>>(owner, baseUrl, `/sparks/${sparkId}/live`);
      expect(conversation).toMatchObject({ askedForPerson: true });
      const live = `/sparks/${sparkId}/live/${conversation!.id}`;
      await api(owner, baseUrl, `${live}/take-over`, { method: 'POST', body: {} });
      await chat.getByText('joined the conversation.', { exact: false }).waitFor();

      // Markup in the person's message is shown as the characters they typed.
      await api(owner, baseUrl, `${live}/messages`, { method: 'POST', body: { text: 'Hi, I am here. <b>Ask me anything</b>' } });
      await chat.getByText('Hi, I am here. <b>Ask me anything</b>').waitFor();
      expect(await chat.locator('.message.owner b').count()).toBe(0);

      // The visitor answers; the assistant stays quiet and the person reads it.
      await question.fill('Do you deliver on Sundays?');
      await question.press('Enter');
      await expect
        .poll(async () => (await api<{ messages: Array<{ content: string }> }>(owner, baseUrl, live)).messages.map((message) => message.content))
        .toContain('Do you deliver on Sundays?');
      await expect.poll(() => chat.locator('.message.pending').count()).toBe(0);

      // The visitor's network drops while the person writes twice; both arrive once when it is back.
      await context.setOffline(true);
      await dropEventStreams(page);
      await api(owner, baseUrl, `${live}/messages`, { method: 'POST', body: { text: 'We deliver every day but Sunday.' } });
      await api(owner, baseUrl, `${live}/messages`, { method: 'POST', body: { text: 'Anything else I can do?' } });
      expect(await chat.getByText('We deliver every day but Sunday.').count()).toBe(0);
      await restoreEventStreams(page);
      await context.setOffline(false);
      await chat.getByText('Anything else I can do?').waitFor({ timeout: 20_000 });
      expect(await chat.getByText('We deliver every day but Sunday.').count()).toBe(1);
      expect(await chat.getByText('Hi, I am here. <b>Ask me anything</b>').count()).toBe(1);
      await saveScreenshot(page, `widget-live-${name}`);

      // A question the person leaves unanswered: handed back, the assistant answers it here, with its source.
      await question.fill('How long do I have to return a bike?');
      await question.press('Enter');
      await expect.poll(() => chat.locator('.message.pending').count()).toBe(0);
      await api(owner, baseUrl, `${live}/hand-back`, { method: 'POST' });
      await chat.getByText('The assistant answers again.', { exact: false }).waitFor();
      const answer = chat.locator('.message.spark').filter({ hasText: 'within 30 days' });
      await answer.waitFor({ timeout: 30_000 });
      await answer.locator('.sources').waitFor();
      // The sources fold under their summary, as under any answer.
      expect(await answer.locator('.sources').textContent()).toContain('handbook.md');
      await saveScreenshot(page, `widget-live-answered-${name}`);
      const frame = page.frames().find((item) => item.url().includes('/widget/frame/'))!;
      expect(await seriousViolations(frame)).toEqual([]);
      await context.close();
      await owner.close();
    });
  }
});
