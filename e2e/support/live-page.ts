import type { Page } from 'playwright-core';

interface Recorded {
  titles: string[];
  shown: Notification[];
}

/**
 * Notifications the page shows are recorded: the browser's own are invisible to a headless test.
 * Applies from the page's next navigation.
 */
export async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded: Recorded = { titles: [], shown: [] };
    (window as unknown as { shownNotifications: Recorded }).shownNotifications = recorded;
    window.Notification = class extends window.Notification {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        recorded.titles.push(title);
        recorded.shown.push(this);
      }
    };
  });
}

/** The titles of the notifications the page showed, oldest first. */
export function shownNotifications(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shownNotifications: Recorded }).shownNotifications.titles);
}

/** The owner clicks the page's notification number `index`, as the system delivers that click to the page. */
export async function clickNotification(page: Page, index: number): Promise<void> {
  await page.evaluate((at) => {
    const notification = (window as unknown as { shownNotifications: Recorded }).shownNotifications.shown[at];
    if (!notification) throw new Error(`no notification number ${at} was shown`);
    notification.dispatchEvent(new Event('click'));
  }, index);
}

/**
 * The page's event streams (the calls whose address contains `marker`) can be cut, and the network
 * kept away from them, as a phone changing networks does; the rest of its calls go through. This
 * holds in every frame of the page, the widget's frame on another origin too, and applies from the
 * page's next navigation. (A browser context set offline keeps a stream that is already open.)
 */
export async function cuttableEventStreams(page: Page, marker = '/events'): Promise<void> {
  await page.addInitScript((streams: string) => {
    const cuts: Array<() => void> = [];
    const state = { offline: false, cut: () => cuts.splice(0).forEach((cut) => cut()) };
    (window as unknown as { network: typeof state }).network = state;
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes(streams)) return realFetch(input, init);
      if (state.offline) throw new TypeError('Failed to fetch');
      const response = await realFetch(input, init);
      if (!response.body) return response;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          cuts.push(() => {
            controller.error(new TypeError('network changed'));
            void reader.cancel();
          });
        },
        async pull(controller) {
          const { value, done } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
  }, marker);
}

async function everyFrame(page: Page, offline: boolean): Promise<void> {
  let cuttable = 0;
  for (const frame of page.frames()) {
    const found = await frame.evaluate((off) => {
      const network = (window as unknown as { network?: { offline: boolean; cut(): void } }).network;
      if (!network) return false;
      network.offline = off;
      if (off) network.cut();
      return true;
    }, offline);
    if (found) cuttable += 1;
  }
  // A page loaded before cuttableEventStreams would keep its streams: the test would prove nothing.
  if (cuttable === 0) throw new Error('no frame of the page has cuttable event streams');
}

/** Cuts the page's open event streams (see cuttableEventStreams) and fails new ones until they are restored. */
export const dropEventStreams = (page: Page) => everyFrame(page, true);

/** Lets the page's event streams connect again. */
export const restoreEventStreams = (page: Page) => everyFrame(page, false);
