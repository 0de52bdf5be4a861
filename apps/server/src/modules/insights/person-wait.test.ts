import { PERSON_WAIT_MINUTES, type LiveConversation, type LiveTranscript, type VisitorRequest, type WidgetTurn } from '@sparks/contract';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { documentsRead } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, liveWidgetSpark } from '#test/widget-helpers.js';
import { outboxEmails } from '../../db/schema.js';

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe.each(testDatabaseTargets())('a visitor waiting for a person on $name', (target) => {
  const app = appOnTarget(target, { RATE_LIMIT_MAX: '100000', CHAT_TURNS_PER_MINUTE: '1000' });

  /** The bakery's Spark, its owner's address and mailbox, and the owner's live and knowledge calls. */
  async function bakery() {
    const spark = await liveWidgetSpark(app());
    const auth = { authorization: `Bearer ${spark.token}` };
    const live = `/api/v1/sparks/${spark.spark._id}/live`;
    const profile = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: auth })).json().data as { email: string };
    const mails = async () => app().database.db.select().from(outboxEmails).where(eq(outboxEmails.to, profile.email)).orderBy(desc(outboxEmails.createdAt));
    const session = async (text: string, visitor?: string) => {
      const asked = await spark.ask(text, visitor);
      expect(asked.statusCode, asked.payload).toBe(200);
      return (asked.json() as { data: WidgetTurn }).data.visitorToken;
    };
    const conversationOf = async () => ((await app().inject({ method: 'GET', url: live, headers: auth })).json() as { data: LiveConversation[] }).data[0]!.id;
    const contact = (visitor: string, email: string, question: string) =>
      app().inject({
        method: 'POST',
        url: `/api/v1/widget/${spark.deployToken}/contact`,
        headers: { origin: SHOP, 'x-sparks-visitor': visitor },
        remoteAddress: '203.0.113.9',
        payload: { email, question, consent: true },
      });
    const owner = {
      takeOver: (id: string) => app().inject({ method: 'POST', url: `${live}/${id}/take-over`, headers: auth, payload: {} }),
      handBack: (id: string) => app().inject({ method: 'POST', url: `${live}/${id}/hand-back`, headers: auth }),
      say: (id: string, text: string) => app().inject({ method: 'POST', url: `${live}/${id}/messages`, headers: auth, payload: { text } }),
      transcript: async (id: string) => ((await app().inject({ method: 'GET', url: `${live}/${id}`, headers: auth })).json() as { data: LiveTranscript }).data,
      save: (id: string, payload: unknown, token = spark.token) =>
        app().inject({ method: 'POST', url: `${live}/${id}/knowledge`, headers: { authorization: `Bearer ${token}` }, payload: payload as object }),
      requests: async () =>
        ((await app().inject({ method: 'GET', url: `/api/v1/sparks/${spark.spark._id}/requests`, headers: auth })).json() as { data: VisitorRequest[] }).data,
      interactions: async () =>
        ((await app().inject({ method: 'GET', url: '/api/v1/billing/usage', headers: auth })).json() as { data: { interactions: number } }).data.interactions,
    };
    return { ...spark, mails, session, conversationOf, contact, owner };
  }

  it('e-mails the owner once, with the way into the live conversation, when nobody joins within the wait', async () => {
    const shop = await bakery();
    const visitor = await shop.session('Can I talk to a person?');
    const id = await shop.conversationOf();
    const before = (await shop.mails()).length;

    // Within the wait nothing is sent: the owner may still join from the notification.
    expect(await app().services.requests.mailUnjoined(later(PERSON_WAIT_MINUTES - 1))).toBe(0);
    expect(await shop.mails()).toHaveLength(before);

    expect(await app().services.requests.mailUnjoined(later(PERSON_WAIT_MINUTES + 1))).toBe(1);
    const [waiting] = await shop.mails();
    expect(waiting?.subject).toMatch(/is waiting for a person/);
    expect(waiting?.text).toContain(`/spark/${shop.spark._id}/live/${id}`);
    expect(waiting?.text).toContain('› Can I talk to a person?');
    // Once only: a second sweep, or the visitor asking again within the hour, sends nothing more.
    expect(await app().services.requests.mailUnjoined(later(PERSON_WAIT_MINUTES + 2))).toBe(0);
    const again = await shop.ask('Hello? Is anyone there? I want to talk to a human', visitor);
    expect((again.json() as { data: WidgetTurn }).data.messages.at(-1)).toMatchObject({ offerContact: true });
    expect(await app().services.requests.mailUnjoined(later(PERSON_WAIT_MINUTES * 2 + 1))).toBe(0);
    expect(await shop.mails()).toHaveLength(before + 1);
  });

  it('holds a visitor’s address left during the wait for that one e-mail, and sends a request made outside a wait at once', async () => {
    const shop = await bakery();
    const visitor = await shop.session('I would like to speak to someone');
    const before = (await shop.mails()).length;
    const left = await shop.contact(visitor, 'ana@visitor.example', 'Do you bake gluten-free bread?');
    expect(left.statusCode, left.payload).toBe(201);
    expect(await shop.mails()).toHaveLength(before);

    await app().services.requests.mailUnjoined(later(PERSON_WAIT_MINUTES + 1));
    const [waiting] = await shop.mails();
    expect(waiting?.text).toContain('ana@visitor.example');
    expect(waiting?.text).toContain('Do you bake gluten-free bread?');
    expect(waiting?.text).toContain(`/spark/${shop.spark._id}/insights`);

    // A visitor who never asked for a person but leaves an address under an unanswered answer: e-mailed at once.
    const other = await shop.session('Do you sell birthday cakes?');
    const right = await shop.contact(other, 'bo@visitor.example', 'Do you sell birthday cakes?');
    expect(right.statusCode, right.payload).toBe(201);
    const [now] = await shop.mails();
    expect(now?.text).toContain('bo@visitor.example');
    expect(now?.text).toMatch(/\/spark\/[\w-]+\/live\/[\w-]+/);
    expect(await shop.mails()).toHaveLength(before + 2);
  });

  it('sends nothing when the owner joins within the wait, and the visitor’s messages then are not metered', async () => {
    const shop = await bakery();
    const visitor = await shop.session('Can I talk to someone?');
    const id = await shop.conversationOf();
    const before = (await shop.mails()).length;
    const metered = await shop.owner.interactions();
    expect((await shop.owner.takeOver(id)).statusCode).toBe(200);
    for (const text of ['Hi, I have a question', 'Is the shop open on Sunday?', 'And on holidays?']) await shop.session(text, visitor);
    expect(await shop.owner.interactions()).toBe(metered);

    expect(await app().services.requests.mailUnjoined(later(PERSON_WAIT_MINUTES + 1))).toBe(0);
    expect(await shop.mails()).toHaveLength(before);
    // Handed back, the Spark answers the question left unanswered and counts it, then answers again and counts again.
    await shop.owner.handBack(id);
    await expect.poll(() => shop.owner.interactions()).toBe(metered + 1);
    await shop.session('How long do I have to return a bike?', visitor);
    expect(await shop.owner.interactions()).toBe(metered + 2);
  });

  it('saves an owner’s live reply as knowledge in one call, answers the conversation’s request, and the Spark then answers with it', async () => {
    const shop = await bakery();
    const visitor = await shop.session('Can I talk to a person?');
    const id = await shop.conversationOf();
    await shop.contact(visitor, 'ana@visitor.example', 'When do you open on Sundays?');
    await shop.owner.takeOver(id);
    await shop.session('When do you open on Sundays?', visitor);
    const said = await shop.owner.say(id, 'On Sundays we open from 9:00 to 14:00.');
    const seq = (said.json() as { data: { seq: number } }).data.seq;

    const saved = await shop.owner.save(id, { seq });
    expect(saved.statusCode, saved.payload).toBe(201);
    expect(saved.json().data).toEqual({
      ownerAnswerId: expect.any(String),
      question: 'When do you open on Sundays?',
      answer: 'On Sundays we open from 9:00 to 14:00.',
      requestsAnswered: 1,
    });
    const [request] = await shop.owner.requests();
    expect(request).toMatchObject({ status: 'answered', answer: 'On Sundays we open from 9:00 to 14:00.' });

    await shop.owner.handBack(id);
    await documentsRead(app());
    const answered = await shop.ask('what time do you open on sunday?', visitor);
    const messages = (answered.json() as { data: WidgetTurn }).data.messages;
    expect(messages.at(-1)?.content).toContain('9:00');
    expect(messages.at(-1)?.citations?.length ?? 0).toBeGreaterThan(0);

    // Only the owner's messages are saved, only by the owner, only with a message number.
    const transcript = await shop.owner.transcript(id);
    const visitorSeq = transcript.messages.find((message) => message.role === 'visitor')!.seq;
    expect((await shop.owner.save(id, { seq: visitorSeq })).statusCode).toBe(404);
    expect((await shop.owner.save(id, { seq: 99_999 })).statusCode).toBe(404);
    for (const bad of [{ seq: 'one' }, { seq: 0 }, { seq: 1.5 }, {}, { seq, question: 'overridden' }]) {
      const refused = await shop.owner.save(id, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(refused).code).toBe('VALIDATION_FAILED');
    }
    const mallory = (await verifiedAccount(app())).tokens.access_token;
    expect((await shop.owner.save(id, { seq }, mallory)).statusCode).toBe(404);
  });
});
