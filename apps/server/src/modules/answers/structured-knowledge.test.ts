import type { KnowledgeGap, TestChatAnswer, Website, WidgetMessage } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient, documentsRead } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { CATALOGUE, PRICE_LIST, serveHelpSite } from '#test/owner-sources.js';
import { SHOP, widgetClient } from '#test/widget-helpers.js';

/** An owner's Spark holding her price list, her catalogue and her help site, read to the end, with a test chat to ask in. */
async function ownerWithSources(app: FastifyInstance, siteBase: string) {
  const { tokens } = await verifiedAccount(app);
  const chat = chatClient(app, tokens.access_token);
  const documents = documentsClient(app, tokens.access_token);
  const sparkId = (await chat.newSpark())._id;
  await documents.uploadReady(sparkId, 'precios.docx', await PRICE_LIST());
  await documents.uploadReady(sparkId, 'catalogue.json', CATALOGUE);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const websites = `/api/v1/sparks/${sparkId}/websites`;
  const added = await app.inject({ method: 'POST', url: websites, headers, payload: { url: `${siteBase}/` } });
  expect(added.statusCode, added.payload).toBe(202);
  const id = (added.json() as { data: Website }).data._id;
  const state = async () => ((await app.inject({ method: 'GET', url: `${websites}/${id}`, headers })).json() as { data: Website }).data.state;
  await expect.poll(state, { timeout: 30_000 }).toBe('discovered');
  expect((await app.inject({ method: 'POST', url: `${websites}/${id}/import`, headers, payload: { leaveOut: [] } })).statusCode).toBe(202);
  await expect.poll(state, { timeout: 30_000 }).toBe('ready');
  await documentsRead(app);
  const tab = await chat.newTest(sparkId);
  const ask = async (question: string) => {
    const turn = await chat.test(sparkId, tab._id, question);
    expect(turn.statusCode, turn.payload).toBe(200);
    return (turn.json() as { data: TestChatAnswer }).data.ai.data;
  };
  return { tokens, sparkId, headers, ask };
}

/**
 * The way an owner meets structured knowledge (issue: knowledge that keeps its structure): a price
 * list with tables in Spanish, a JSON catalogue and a help site in English, asked with the
 * offline responder, as `npm start` runs.
 */
describe.each(testDatabaseTargets())('an owner’s tables, catalogue and help site, answered offline on $name', (target) => {
  const app = appOnTarget(target, { CRAWL_ALLOW_LOOPBACK: 'true' });
  let site: Awaited<ReturnType<typeof serveHelpSite>>;
  beforeAll(async () => {
    site = await serveHelpSite();
  });
  afterAll(() => site.close());

  it('offers the row under its headers, answers with the record and the menu path, and outlines every source in order', async () => {
    const { ask } = await ownerWithSources(app(), site.base);

    // The row the question names, under its headers: not the whole table, not a line of pipes. The question's verb
    // ("abrís") is not the header's noun ("Horario"), so the match reads as loose and the row is offered, not framed.
    const sunday = await ask('¿A qué hora abrís el domingo?');
    expect(sunday.content).toMatch(
      /^Los documentos no parecen responder a esto directamente\. Estos fragmentos pueden ayudar:\n\n\*\*Horario de apertura\*\*\n\n\| Día \| Horario \|\n\| - \| - \|\n\| Domingo \| 8:30 – 13:00 \|\n/,
    );
    expect(sunday.content).not.toContain('Lunes a viernes');
    expect(sunday.citations?.[0]?.title).toBe('precios.docx');

    // The record whole, every variant kept (not cut after its first) as a row of its table, and cited once.
    const shirt = await ask('Do you have the linen shirt in L?');
    expect(shirt.content).toMatch(/^This is what I found:/);
    expect(shirt.content).toContain('**Linen shirt**');
    expect(shirt.content).toContain('variants:\n\n| size | colour |\n| - | - |\n| S | sand |\n| M | sand |\n| L | navy |');
    expect(shirt.content).toContain('price: 49 €');
    expect(shirt.content).not.toContain('Wool jumper');
    expect(shirt.citations?.map((citation) => citation.title)).toEqual(['catalogue.json']);

    // The help page's menu path with its names, which sat in spans whose class reads like navigation.
    const language = await ask('Where do I change the language?');
    expect(language.content).toContain('open Settings → Preferences → Language in the menu');
    expect(language.unanswered).toBeUndefined();
    expect(language.content).not.toMatch(/<span|Related articles|© Help centre|Sign in/);

    // An outline of every source, each named above its sections, the newest source first and a site's pages in the order they were read.
    for (const [question, intro] of [
      ['Summarize this', 'Here is what your documents cover:'],
      ['Resume esto', 'Esto es lo que cubren tus documentos:'],
    ] as const) {
      const lines = ((await ask(question)).content ?? '').split('\n');
      expect(lines[0], question).toBe(intro);
      const sources = lines.filter((line) => /^\*\*[^*]+\*\*$/.test(line));
      expect(sources).toEqual([`**${new URL(site.base).host}**`, '**catalogue.json**', '**precios.docx**']);
      const sections = lines.map((line) => /^- \*\*([^*]+)\*\*/.exec(line)?.[1]).filter(Boolean);
      expect(sections).toEqual([
        'Help centre',
        'Change the language',
        'Steps',
        'Reset your password',
        'Cotton T-shirt',
        'Linen shirt',
        'Wool jumper',
        'Horario de apertura',
        'Precios',
      ]);
    }
  });

  it('tells a visitor honestly that the documents do not say, in their language, and the question waits in the gap inbox', async () => {
    const { tokens, sparkId, headers } = await ownerWithSources(app(), site.base);
    const widget = widgetClient(app(), tokens.access_token);
    expect((await widget.allow(sparkId, [SHOP])).statusCode).toBe(200);
    const { deployToken } = await widget.deployment(sparkId);
    const ticket = widget.ticketOf((await widget.frame(deployToken, `${SHOP}/help`)).payload);
    let session: string | undefined;
    const visitorAsks = async (text: string) => {
      const response = await widget.ask(deployToken, text, { 'x-sparks-ticket': ticket, ...(session ? { 'x-sparks-visitor': session } : {}) });
      expect(response.statusCode, response.payload).toBe(200);
      const { visitorToken, messages } = response.json().data as { visitorToken: string; messages: WidgetMessage[] };
      session = visitorToken;
      return messages.at(-1)!;
    };
    const english = await visitorAsks('Do you deliver to Canada?');
    expect(english.content).toBe("I'm sorry, I don't have information about that yet. Please ask something else or contact a person.");
    expect(english.offerContact).toBe(true);
    const spanish = await visitorAsks('¿Hacéis envíos a Canadá?');
    expect(spanish.content).toBe('Lo siento, todavía no tengo información sobre eso. Pregunta otra cosa o contacta con una persona.');
    expect(spanish.offerContact).toBe(true);
    // A question the documents answer is no gap.
    expect((await visitorAsks('Where do I change the language?')).offerContact).toBeUndefined();

    const gaps = (await app().inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/gaps?status=open`, headers })).json().data as KnowledgeGap[];
    expect(gaps.map((gap) => gap.question).sort()).toEqual(['Do you deliver to Canada?', '¿Hacéis envíos a Canadá?']);
  });
});
