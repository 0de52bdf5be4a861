import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { clickNotification, cuttableEventStreams, dropEventStreams, recordNotifications, restoreEventStreams, shownNotifications } from './support/live-page';
import { useProductInBrowser } from './support/product';
import { widgetOnWebsite } from './support/widget-on-website';
import { ownerApi, useWebsite } from './support/widget-site';

const ASK_PERSON = 'Can I talk to someone?';
const HANDOFF =
  'Of course. Someone from the team will join this conversation here if they can, or reply by e-mail: leave your e-mail address below so they can write to you.';
const GREETING = 'Hi, I am from the shop. How can I help?';
const QUESTION = 'Do you deliver on Sundays?';
const ANSWER = 'Yes: on Sundays we deliver between 10 and 14, at no extra cost.';

/**
 * A live conversation seen from both sides at once, each in a real browser: the owner in the
 * product's Live view, the visitor in the widget on the owner's website (another origin). The
 * visitor asks for a person, the owner is alerted, takes over, they write to each other through
 * a dropped network on each side, the owner keeps a reply as knowledge and hands back, and the
 * Spark then answers the same question with it.
 */
describe.skipIf(skipBrowserTests)('live: owner and visitor in one conversation, each in a browser', () => {
  const product = useProductInBrowser();
  const website = useWebsite();
  const runs = [
    { name: 'owner-desktop', owner: VIEWPORTS.desktop, visitor: VIEWPORTS.mobile, opensFrom: 'notification' },
    { name: 'owner-phone', owner: VIEWPORTS.mobile, visitor: VIEWPORTS.desktop, opensFrom: 'alert' },
  ] as const;

  for (const { name, owner: ownerViewport, visitor: visitorViewport, opensFrom } of runs) {
    it(`takes a visitor's conversation over and teaches the Spark from it (${name})`, async () => {
      const shot = (side: string, moment: string) => `live-both-${name}-${moment}-${side}`;
      const {
        baseUrl,
        owner,
        sparkId,
        context,
        page: visitor,
        chat,
      } = await widgetOnWebsite(
        product,
        website,
        visitorViewport,
        `both-${name}`,
        // The widget's stream of the conversation can be cut, as a phone changing networks does.
        { ownerViewport, beforeVisit: (page) => cuttableEventStreams(page, '/live') },
      );
      // The owner's notifications are recorded (a headless browser shows none), and their event streams can be cut.
      await recordNotifications(owner);
      await cuttableEventStreams(owner);

      // The owner opens Live and asks to be notified; the browser says yes.
      await owner.goto(`${baseUrl}/spark/${sparkId}/live`);
      await owner.getByText('No visitor has written in the last 30 minutes').waitFor();
      await owner.context().grantPermissions(['notifications'], { origin: baseUrl });
      await owner.getByRole('button', { name: 'Notify me when a visitor asks for a person' }).click();
      await owner.getByText('You will be notified when a visitor asks for a person').waitFor();

      // The visitor asks for a person and is told honestly what happens next.
      const question = chat.locator('form:not(.contact-form):not(.comment)').getByRole('textbox', { name: 'Your question' });
      await question.fill(ASK_PERSON);
      await question.press('Enter');
      await chat.locator('.message.spark').filter({ hasText: HANDOFF }).waitFor();

      // The owner is alerted on the page and by a notification, and opens the conversation from one of them.
      const alert = owner.getByTestId('live-person-alert');
      await alert.getByText('A visitor asks for a person.').waitFor({ timeout: 20_000 });
      await expect.poll(() => shownNotifications(owner)).toEqual(['A visitor asks for a person']);
      await saveScreenshot(owner, shot('owner', 'alerted'));
      await saveScreenshot(visitor, shot('visitor', 'alerted'));
      const listWidth = async () => (await owner.getByTestId('live-list').boundingBox())?.width;
      const widthBefore = await listWidth();
      if (opensFrom === 'notification') await clickNotification(owner, 0);
      else await alert.getByRole('button', { name: 'Open it' }).click();
      await owner.waitForURL(new RegExp(`/spark/${sparkId}/live/[^/]+$`));
      await alert.waitFor({ state: 'hidden' });
      const view = owner.getByTestId('live-conversation-view');
      await view.getByTestId('live-message-visitor').getByText(ASK_PERSON).waitFor();
      await view.getByTestId('live-message-spark').getByText(HANDOFF).waitFor();
      // On a desktop the list stays beside the conversation, as wide as before.
      if (ownerViewport.width >= 1140) expect(await listWidth()).toBe(widthBefore);

      // The owner takes over: the visitor reads that someone joined.
      await view.getByRole('button', { name: 'Take over' }).click();
      await view
        .getByTestId('live-notice')
        .filter({ hasText: / joined$/ })
        .waitFor();
      await chat.getByText('joined the conversation.', { exact: false }).waitFor();

      // The owner sends with Enter; the message shows in their view and the box empties.
      const composer = view.getByRole('textbox', { name: 'Your message to the visitor' });
      const write = async (text: string) => {
        await composer.fill(text);
        await composer.press('Enter');
        await view.getByTestId('live-message-owner').filter({ hasText: text }).waitFor();
        await expect.poll(() => composer.inputValue()).toBe('');
      };
      // The owner writes and the visitor reads it; the visitor types, the owner sees it, and reads their question.
      await write(GREETING);
      await chat.locator('.message.owner').filter({ hasText: GREETING }).waitFor();
      await question.fill(QUESTION);
      await view.getByTestId('live-typing').getByText('The visitor is typing…').waitFor();
      await question.press('Enter');
      await view.getByTestId('live-message-visitor').getByText(QUESTION).waitFor();
      await write(ANSWER);
      await chat.locator('.message.owner').filter({ hasText: ANSWER }).waitFor();

      // One click keeps the owner's reply as the Spark's answer to the question before it.
      const reply = view.getByTestId('live-message-owner').filter({ hasText: ANSWER });
      await reply.getByTestId('live-save-answer').click();
      await reply.getByTestId('live-answer-saved').getByText(`Saved as the answer to “${QUESTION}”`).waitFor();
      await saveScreenshot(owner, shot('owner', 'saved'));
      await saveScreenshot(visitor, shot('visitor', 'saved'));

      // The visitor's network drops while the owner writes twice: both arrive, once, when it is back.
      await context.setOffline(true);
      await dropEventStreams(visitor);
      await write('Is there anything else?');
      await write('I am here for a few more minutes.');
      expect(await chat.locator('.message.owner').count()).toBe(2);
      await saveScreenshot(owner, shot('owner', 'visitor-offline'));
      await restoreEventStreams(visitor);
      await context.setOffline(false);
      await chat.locator('.message.owner').filter({ hasText: 'I am here for a few more minutes.' }).waitFor({ timeout: 20_000 });
      expect(await chat.locator('.message.owner').allInnerTexts()).toEqual([
        expect.stringContaining(GREETING),
        expect.stringContaining(ANSWER),
        expect.stringContaining('Is there anything else?'),
        expect.stringContaining('I am here for a few more minutes.'),
      ]);

      // The owner's connection drops while the visitor writes: it arrives, once, when it is back.
      await dropEventStreams(owner);
      await view.getByTestId('live-reconnecting').getByText('Reconnecting…').waitFor();
      await question.fill('No, that was all. Thank you!');
      await question.press('Enter');
      await expect.poll(() => chat.locator('.message.pending').count()).toBe(0);
      await saveScreenshot(owner, shot('owner', 'reconnecting'));
      await restoreEventStreams(owner);
      await view.getByTestId('live-message-visitor').getByText('No, that was all. Thank you!').waitFor({ timeout: 30_000 });
      await view.getByTestId('live-reconnecting').waitFor({ state: 'hidden' });
      expect(await view.getByTestId('live-message-visitor').allInnerTexts()).toEqual([
        expect.stringContaining(ASK_PERSON),
        expect.stringContaining(QUESTION),
        expect.stringContaining('No, that was all. Thank you!'),
      ]);
      await saveScreenshot(owner, shot('owner', 'reconnected'));
      await saveScreenshot(visitor, shot('visitor', 'reconnected'));

      // The owner hands back: the visitor reads it, asks the question again and the Spark answers with the saved reply.
      await view.getByRole('button', { name: 'Hand back' }).click();
      await view
        .getByTestId('live-notice')
        .filter({ hasText: / left$/ })
        .waitFor();
      await chat.getByText('left the conversation. The assistant answers again.', { exact: false }).waitFor();
      // The saved reply is knowledge once it is read, as a document of the Spark beside the handbook.
      await expect
        .poll(async () => (await ownerApi<Array<{ status: string }>>(owner, baseUrl, `/sparks/${sparkId}/documents`)).map((document) => document.status), {
          timeout: 30_000,
        })
        .toEqual(['ready', 'ready']);
      await question.fill(QUESTION);
      await question.press('Enter');
      await chat.locator('.message.spark').filter({ hasText: 'between 10 and 14' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => chat.locator('.message.pending').count()).toBe(0);
      // The conversation shows the whole answer, down to its thumbs.
      const log = chat.getByRole('log');
      expect(await log.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop)).toBeLessThan(2);
      await view.getByTestId('live-message-spark').getByText('between 10 and 14', { exact: false }).waitFor();
      await saveScreenshot(owner, shot('owner', 'handed-back'));
      await saveScreenshot(visitor, shot('visitor', 'handed-back'));

      await context.close();
      await owner.close();
    }, 120_000);
  }
});
