import type { LiveConversation, LiveTranscript, WidgetTurn } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { errorOf } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';

/** Floods of a live conversation, on the limits a deployment starts with: each side is slowed down, and nothing past the limit is kept. */
describe.each(testDatabaseTargets())('a live conversation flooded on $name', (target) => {
  const app = appOnTarget(target);

  async function takenOver() {
    const shop = await liveWidgetSpark(app());
    const visitor = ((await shop.ask('Can I talk to a person?')).json() as { data: WidgetTurn }).data.visitorToken;
    const auth = { authorization: `Bearer ${shop.token}` };
    const live = `/api/v1/sparks/${shop.spark._id}/live`;
    const [{ id }] = ((await app().inject({ method: 'GET', url: live, headers: auth })).json() as { data: LiveConversation[] }).data as [LiveConversation];
    expect((await app().inject({ method: 'POST', url: `${live}/${id}/take-over`, headers: auth, payload: {} })).statusCode).toBe(200);
    const stored = async (role: string) =>
      ((await app().inject({ method: 'GET', url: `${live}/${id}`, headers: auth })).json() as { data: LiveTranscript }).data.messages.filter(
        (message) => message.role === role,
      ).length;
    return { ...shop, visitor, auth, live, id, stored };
  }

  it('stops an owner’s 61st message in a minute with a clear 429 and keeps the 60 before it', async () => {
    const shop = await takenOver();
    const statuses: number[] = [];
    for (let i = 1; i <= 61; i += 1) {
      const said = await app().inject({ method: 'POST', url: `${shop.live}/${shop.id}/messages`, headers: shop.auth, payload: { text: `Message ${i}` } });
      statuses.push(said.statusCode);
      if (i === 61) expect(errorOf(said).errors.join(' ')).toMatch(/Too many messages in a short time/);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    expect(await shop.stored('owner')).toBe(60);
  });

  it('slows a visitor writing to the person faster than the widget allows, and keeps only what was accepted', async () => {
    const shop = await takenOver();
    const before = await shop.stored('visitor');
    let accepted = 0;
    let refused = 0;
    for (let i = 1; i <= 20; i += 1) {
      const asked = await shop.ask(`Are you there? ${i}`, shop.visitor);
      if (asked.statusCode === 200) accepted += 1;
      else {
        expect(asked.statusCode).toBe(429);
        expect(errorOf(asked).errors.join(' ')).toMatch(/Please wait \d+ seconds/);
        refused += 1;
      }
    }
    // The widget's per-visitor limit (12 a minute; the first question, sent before the visitor had a session, counted per address only).
    expect(accepted).toBe(12);
    expect(refused).toBe(8);
    expect(await shop.stored('visitor')).toBe(before + accepted);
  });

  it('bounds the live connections and typing signals one address opens in a minute', async () => {
    const shop = await takenOver();
    const headers = { 'x-sparks-ticket': shop.ticket, 'x-sparks-visitor': shop.visitor };
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      // Without `Accept: text/event-stream` an admitted call is answered 400 at once; the limit counts it first.
      const call =
        i % 2 === 0
          ? await app().inject({ method: 'GET', url: `/api/v1/widget/${shop.deployToken}/live`, headers, remoteAddress: '198.51.100.4' })
          : await app().inject({ method: 'POST', url: `/api/v1/widget/${shop.deployToken}/typing`, headers, remoteAddress: '198.51.100.4' });
      statuses.push(call.statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not slowed by the first.
    const elsewhere = await app().inject({ method: 'POST', url: `/api/v1/widget/${shop.deployToken}/typing`, headers, remoteAddress: '198.51.100.5' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
