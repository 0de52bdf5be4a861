import { CONTACT_REQUESTS_PER_ADDRESS_PER_DAY, type SparkDocument, type VisitorRequest } from '@sparks/contract';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { documentsRead } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, liveWidgetSpark } from '#test/widget-helpers.js';
import { outboxEmails } from '../../db/schema.js';

describe.each(testDatabaseTargets())('visitors asking for a person on $name', (target) => {
  const app = appOnTarget(target);

  async function live() {
    const spark = await liveWidgetSpark(app());
    const contact = (payload: object, session?: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
      app().inject({
        method: 'POST',
        url: `/api/v1/widget/${spark.deployToken}/contact`,
        headers: { origin: SHOP, ...(session ? { 'x-sparks-visitor': session } : {}), ...headers },
        remoteAddress,
        payload,
      });
    const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, token = spark.token) =>
      app().inject({ method, url: `/api/v1/sparks/${spark.spark._id}${path}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    const requests = async (): Promise<VisitorRequest[]> => (await call('GET', '/requests')).json().data;
    return { ...spark, contact, call, requests };
  }

  const mailTo = async (to: string) => app().database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));

  it('passes the question to the owner by e-mail and the Requests list; the reply reaches the visitor and the knowledge', async () => {
    const spark = await live();
    const asked = await spark.ask('Can I pay in instalments?');
    const session = asked.json().data.visitorToken as string;
    const sent = await spark.contact({ email: 'ana@visitor.example', question: 'Can I pay in instalments?', consent: true }, session, {
      'accept-language': 'es-ES',
    });
    expect(sent.statusCode, sent.payload).toBe(201);

    const [request] = await spark.requests();
    expect(request).toMatchObject({
      email: 'ana@visitor.example',
      question: 'Can I pay in instalments?',
      language: 'es',
      status: 'open',
      conversationId: expect.any(String),
    });
    const profile = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${spark.token}` } })).json().data;
    const [toOwner] = await mailTo(profile.email as string);
    expect(toOwner?.text).toContain('ana@visitor.example');
    expect(toOwner?.text).toContain('Can I pay in instalments?');
    expect(toOwner?.text).toContain(`/spark/${spark.spark._id}/insights`);

    const reply = await spark.call('POST', `/requests/${request!._id}/answer`, {
      answer: 'Hello Ana,\n\nyes, in three instalments without interest.\n\nBest, Eva',
      knowledge: 'Yes, in three instalments without interest.',
    });
    expect(reply.statusCode, reply.payload).toBe(200);
    expect(reply.json().data).toMatchObject({ status: 'answered', answer: expect.stringContaining('Hello Ana'), ownerAnswerId: expect.any(String) });
    const [toVisitor] = await mailTo('ana@visitor.example');
    expect(toVisitor?.subject).toContain('Tu pregunta');
    expect(toVisitor?.text).toContain('three instalments');

    await documentsRead(app());
    const documents = (await spark.call('GET', '/documents')).json().data as SparkDocument[];
    expect(documents.filter((document) => document.kind === 'answer').map((document) => document.status)).toEqual(['ready']);
    const again = await spark.ask('Can I pay in instalments?');
    expect(again.json().data.messages.at(-1).content).toContain('three instalments');
    // The greeting was for Ana alone: the knowledge holds the text the owner chose.
    expect(again.json().data.messages.at(-1).content).not.toContain('Hello Ana');

    expect((await spark.call('DELETE', `/requests/${request!._id}`)).statusCode).toBe(200);
    expect(await spark.requests()).toEqual([]);
  });

  it('needs consent and an address, limits each visitor, and keeps other owners out', async () => {
    const spark = await live();
    const question = 'Do you repair e-bikes?';
    for (const payload of [
      { email: 'ana@visitor.example', question },
      { email: 'ana@visitor.example', question, consent: false },
      { email: 'not-an-address', question, consent: true },
      { email: 'ana@visitor.example', question: '', consent: true },
      { email: 'ana@visitor.example', question: 'x'.repeat(4001), consent: true },
      { email: 'ana@visitor.example', question, consent: true, role: 'owner' },
    ]) {
      const response = await spark.contact(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[0]).toEqual(expect.any(String));
    }
    const first = await spark.contact({ email: 'ana@visitor.example', question, consent: true });
    expect(first.statusCode, first.payload).toBe(201);
    const session = first.headers['x-sparks-visitor'] as string;
    expect(session).toMatch(/^vt_/);
    for (let index = 0; index < 2; index += 1)
      expect((await spark.contact({ email: 'ana@visitor.example', question, consent: true }, session)).statusCode).toBe(201);
    const over = await spark.contact({ email: 'ana@visitor.example', question, consent: true }, session);
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0]).toMatch(/already left several requests/);
    // Another website cannot leave requests for this Spark.
    expect(
      (await spark.contact({ email: 'ana@visitor.example', question, consent: true }, undefined, { origin: 'https://elsewhere.example' })).statusCode,
    ).toBe(403);

    const [request] = await spark.requests();
    const stranger = (await verifiedAccount(app())).tokens.access_token;
    expect((await spark.call('GET', '/requests', undefined, stranger)).statusCode).toBe(404);
    expect((await spark.call('POST', `/requests/${request!._id}/answer`, { answer: 'Yes.' }, stranger)).statusCode).toBe(404);
    expect((await spark.call('DELETE', `/requests/${request!._id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await spark.call('POST', `/requests/${request!._id}/answer`, { answer: '' })).statusCode).toBe(400);
    expect(await spark.requests()).toHaveLength(3);
  });

  it('bounds requests by address as well as by session, so dropping the session does not reset the count', async () => {
    const spark = await live();
    const request = { email: 'bot@visitor.example', question: 'Call me', consent: true };
    // Each request without a session is given a new one; a script that drops it still counts against its address.
    for (let index = 0; index < CONTACT_REQUESTS_PER_ADDRESS_PER_DAY; index += 1) {
      const sent = await spark.contact(request, undefined, {}, '198.51.100.20');
      expect(sent.statusCode, sent.payload).toBe(201);
    }
    const over = await spark.contact(request, undefined, {}, '198.51.100.20');
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0]).toMatch(/already left several requests/);
    expect(over.payload).not.toContain('stack');
    // Another address (another visitor) is not held back by it.
    expect((await spark.contact(request, undefined, {}, '198.51.100.21')).statusCode).toBe(201);
    expect(await spark.requests()).toHaveLength(CONTACT_REQUESTS_PER_ADDRESS_PER_DAY + 1);
  });

  it('adds a reply to the knowledge only when asked, and makes it the next version of the question’s one owner answer', async () => {
    const spark = await live();
    const question = 'Do you deliver on Saturdays?';
    const leave = async () => {
      expect((await spark.contact({ email: 'ana@visitor.example', question, consent: true })).statusCode).toBe(201);
      return (await spark.requests()).find((item) => item.status === 'open')!;
    };
    const answers = async () => ((await spark.call('GET', '/documents')).json().data as SparkDocument[]).filter((document) => document.kind === 'answer');

    // A reply alone is e-mailed and stays out of the knowledge.
    const first = await leave();
    expect(first.ownerAnswerId).toBeNull();
    expect((await spark.call('POST', `/requests/${first._id}/answer`, { answer: 'Hello Ana, yes until 2 pm. Eva' })).json().data).toMatchObject({
      status: 'answered',
      ownerAnswerId: null,
    });
    await documentsRead(app());
    expect(await answers()).toEqual([]);

    // Taught once: one owner answer, named by the question.
    const second = await leave();
    await spark.call('POST', `/requests/${second._id}/answer`, { answer: 'Hi! Yes, until 2 pm.', knowledge: 'Yes, on Saturdays until 2 pm.' });
    await documentsRead(app());
    const [taught] = await answers();
    expect(taught).toMatchObject({ name: question, version: 1, status: 'ready' });

    // The next request on the same question says it has an answer; teaching again makes its next version, not a second answer.
    const third = await leave();
    expect(third.ownerAnswerId).toBe(taught!._id);
    const replaced = await spark.call('POST', `/requests/${third._id}/answer`, { answer: 'Yes, until 3 pm now.', knowledge: 'Yes, on Saturdays until 3 pm.' });
    expect(replaced.json().data.ownerAnswerId).not.toBe(taught!._id);
    await documentsRead(app());
    expect((await answers()).map((document) => [document.name, document.version])).toEqual([[question, 2]]);
    expect((await spark.ask(question)).json().data.messages.at(-1).content).toContain('until 3 pm');

    // Knowledge is text like any answer: empty or too long is refused, and nothing is sent or kept.
    const fourth = await leave();
    for (const knowledge of ['', 'x'.repeat(4001)]) {
      const refused = await spark.call('POST', `/requests/${fourth._id}/answer`, { answer: 'Yes.', knowledge });
      expect(refused.statusCode, knowledge.slice(0, 10)).toBe(400);
    }
    expect((await spark.requests()).find((item) => item._id === fourth._id)?.status).toBe('open');
  });

  it('answers a request for a person by offering one at once, in the visitor’s language, without a gap', async () => {
    const spark = await live();
    const english = (await spark.ask('Can I talk to a person please?')).json().data.messages.at(-1);
    expect(english).toMatchObject({
      content:
        'Of course. Someone from the team will join this conversation here if they can, or reply by e-mail: leave your e-mail address below so they can write to you.',
      offerContact: true,
    });
    expect(english.citations).toBeUndefined();
    const spanish = (await spark.ask('¿Puedo hablar con una persona?')).json().data.messages.at(-1);
    expect(spanish).toMatchObject({
      content:
        'Claro. Alguien del equipo se unirá a esta conversación aquí si puede, o te responderá por correo: deja tu correo electrónico abajo para que pueda escribirte.',
      offerContact: true,
    });
    // Not a question the Spark failed to answer: the knowledge-gap inbox stays empty.
    expect((await spark.call('GET', '/gaps')).json().data).toEqual([]);
  });
});
