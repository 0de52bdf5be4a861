import type { LiveConversation, LiveTranscript, WhatsappChannel } from '@sparks/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { startFakeWhatsappCloud, whatsappDelivery, type IncomingWhatsapp } from '../../../../../test/support/fake-whatsapp-cloud.js';
import { conversations, messageFeedback, usageCounters } from '../../db/schema.js';
import { WHATSAPP_REPLY_JOB } from './whatsapp-inbox.js';
import { WHATSAPP_REPLIES } from './whatsapp-replies.js';

const ACCESS_TOKEN = 'EAAGm0PX4ZCpsBAKZCrDfZBBRealLookingToken987654321';
const APP_SECRET = 'fedcba9876543210fedcba9876543210';
const PHONE_NUMBER_ID = '106540352242924';

// Meta's side listens before the app starts: the app reads its address from the environment.
const cloud = await startFakeWhatsappCloud({ accessToken: ACCESS_TOKEN });
afterAll(() => cloud.close());

describe.each(testDatabaseTargets())('a WhatsApp conversation handed back on $name', (target) => {
  const app = appOnTarget(target, { WHATSAPP_GRAPH_URL: cloud.graphUrl, RATE_LIMIT_MAX: '100000' });

  /** The bike shop's Spark (a returns policy) on a WhatsApp number, its owner's Live view, and Meta's side. */
  async function connected() {
    const shop = await liveWidgetSpark(app());
    const auth = { authorization: `Bearer ${shop.token}` };
    const put = await app().inject({
      method: 'PUT',
      url: `/api/v1/sparks/${shop.spark._id}/whatsapp`,
      headers: auth,
      payload: { phoneNumberId: PHONE_NUMBER_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET },
    });
    const webhook = new URL((put.json() as { data: WhatsappChannel }).data.webhookUrl!).pathname;
    /** A customer's messages, delivered as Meta delivers them, and every reply sent. */
    const deliver = async (messages: IncomingWhatsapp[]) => {
      const delivery = whatsappDelivery(PHONE_NUMBER_ID, APP_SECRET, messages);
      const received = await app().inject({
        method: 'POST',
        url: webhook,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': delivery.signature },
        payload: delivery.raw,
      });
      expect(received.statusCode, received.payload).toBe(200);
      await app().jobs.idle(WHATSAPP_REPLY_JOB);
      return delivery;
    };
    // Meta's side outlives one database's run: only what this shop sent counts.
    const from = cloud.sent.length;
    const to = (number: string) => cloud.sent.slice(from).filter((message) => message.to === number);
    const live = `/api/v1/sparks/${shop.spark._id}/live`;
    const owner = {
      conversationId: async () => ((await app().inject({ method: 'GET', url: live, headers: auth })).json() as { data: LiveConversation[] }).data[0]!.id,
      transcript: async (id: string) => ((await app().inject({ method: 'GET', url: `${live}/${id}`, headers: auth })).json() as { data: LiveTranscript }).data,
      takeOver: (id: string) => app().inject({ method: 'POST', url: `${live}/${id}/take-over`, headers: auth, payload: {} }),
      handBack: async (id: string) => {
        expect((await app().inject({ method: 'POST', url: `${live}/${id}/hand-back`, headers: auth })).statusCode).toBe(200);
        await app().jobs.idle(WHATSAPP_REPLY_JOB);
      },
      interactions: async () =>
        ((await app().inject({ method: 'GET', url: '/api/v1/billing/usage', headers: auth })).json() as { data: { interactions: number } }).data.interactions,
      spendTheMonth: async () => {
        const profile = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: auth })).json().data as {
          tenants: Array<{ _id: string; subscription: { limits: { interactions: { value: number } } } }>;
        };
        const [tenant] = profile.tenants;
        await app()
          .database.db.update(usageCounters)
          .set({ interactions: tenant!.subscription.limits.interactions.value })
          .where(and(eq(usageCounters.tenantId, tenant!._id)));
      },
    };
    return { ...shop, deliver, to, owner };
  }

  it('answers the question the person left unanswered through the reply job, counted on the plan, and the Live view shows what the customer read', async () => {
    const shop = await connected();
    const customer = '447700900555';
    await shop.deliver([{ from: customer, text: 'I want to talk to a person' }]);
    const id = await shop.owner.conversationId();
    // The Live view shows the request for a person answered in the words the customer read on WhatsApp, which has no e-mail form.
    const [person] = shop.to(customer);
    expect(person?.body).toBe('Of course. Someone from the team will join this conversation here as soon as they can.');
    const asked = (await shop.owner.transcript(id)).messages.find((message) => message.askedForPerson);
    expect(asked?.content).toBe(person?.body);

    await shop.owner.takeOver(id);
    const before = await shop.owner.interactions();
    await shop.deliver([{ from: customer, text: 'How long do I have to return a bike?' }]);
    // It goes to the person: nothing is sent back, nothing counted.
    expect(shop.to(customer).map((message) => message.body)).toEqual([person!.body, WHATSAPP_REPLIES.joined.en('')]);
    expect(await shop.owner.interactions()).toBe(before);

    await shop.owner.handBack(id);
    const [left, answer] = shop.to(customer).slice(2);
    expect(left?.body).toBe(WHATSAPP_REPLIES.left.en(''));
    expect(answer?.body).toContain('30 days');
    expect(answer?.body).toMatch(/Sources:\n\[1\] returns/);
    expect(shop.to(customer)).toHaveLength(4);
    expect(await shop.owner.interactions()).toBe(before + 1);
    const transcript = await shop.owner.transcript(id);
    expect(transcript.messages.at(-1)).toMatchObject({ role: 'spark', citations: [expect.objectContaining({ title: 'returns.md' })] });

    // Sent as the reply job sends answers: a 👍 on it is the customer's vote on that answer.
    await shop.deliver([{ from: customer, kind: 'reaction', reaction: { messageId: answer!.id, emoji: '👍' } }]);
    const votes = await app().database.db.select().from(messageFeedback).where(eq(messageFeedback.sparkId, shop.spark._id));
    expect(votes.map((vote) => vote.rating)).toEqual(['up']);
  });

  it('hands a quiet conversation back by itself and, with the month’s interactions spent, asks the customer to ask again', async () => {
    const shop = await connected();
    const customer = '34600777888';
    await shop.deliver([{ from: customer, text: 'Quiero hablar con una persona' }]);
    const id = await shop.owner.conversationId();
    await shop.owner.takeOver(id);
    await shop.deliver([{ from: customer, text: '¿Puedo devolver una bicicleta sin el tique?' }]);
    await shop.owner.spendTheMonth();
    const spent = await shop.owner.interactions();
    await app()
      .database.db.update(conversations)
      .set({ takenOverAt: sql`now() - interval '11 minutes'`, updatedAt: sql`now() - interval '11 minutes'` })
      .where(eq(conversations.id, id));
    // Quiet for longer than its period: the sweep gives it back.
    expect(await app().services.live.handBackQuiet()).toBe(1);
    await app().jobs.idle(WHATSAPP_REPLY_JOB);
    const [left, told] = shop.to(customer).slice(-2);
    expect(left?.body).toBe(WHATSAPP_REPLIES.left.es(''));
    expect(told?.body).toMatch(/^Lo siento, ahora mismo no puedo responder a tu última pregunta\. Vuelve a hacerla/);
    expect(await shop.owner.interactions()).toBe(spent);
    // The Live view shows what the customer read.
    expect((await shop.owner.transcript(id)).messages.at(-1)).toMatchObject({ role: 'spark', content: told?.body });
  });
});
