import type { TestChatAnswer } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { ApertiumTranslator } from '../../llm/apertium-translator.js';
import { chatClient } from '#test/chat-helpers.js';
import { VELOCITA_POLICY } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

const POLITICA = Buffer.from('# Devoluciones\n\nLas bicicletas se pueden devolver en un plazo de 30 días con el tique de compra.\n');

/** A Spark holding the given Markdown documents, and a test chat to ask it in. */
async function sparkWith(app: FastifyInstance, files: Array<[string, Buffer]>) {
  const { tokens } = await verifiedAccount(app);
  const token = tokens.access_token;
  const chat = chatClient(app, token);
  const spark = await chat.newSpark();
  for (const [name, bytes] of files) expect((await documentsClient(app, token).uploadReady(spark._id, name, bytes)).document.status).toBe('ready');
  const test = await chat.newTest(spark._id);
  return async (question: string): Promise<TestChatAnswer> => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/sparks/${spark._id}/chat/${test._id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { input: { text: question }, language: 'en' },
    });
    expect(response.statusCode, response.payload).toBe(200);
    return (response.json() as { data: TestChatAnswer }).data;
  };
}

describe.each(testDatabaseTargets())('a question in another language than the documents, offline without a translator, on $name', (target) => {
  const app = appOnTarget(target, { TRANSLATOR: 'off' });

  it("says in the visitor's language that the documents are written in another, instead of a bare 'no information'", async () => {
    const ask = await sparkWith(app(), [['policy.md', VELOCITA_POLICY]]);
    const spanish = await ask('¿Cuántos días tengo para devolver una bicicleta?');
    expect(spanish.ai.data.content).toContain('están escritos en inglés: si preguntas en inglés, quizá lo encuentre');
    expect(spanish.ai.data.unanswered).toBe(true);
    // Asked in the documents' language, the same question is answered and cited.
    const english = await ask('How many days do I have to return a bicycle?');
    expect(english.ai.data.content).toContain('within 30 days of purchase');
    expect(english.ai.data.citations?.length).toBeGreaterThan(0);
  });

  it('names the language the other way round, and keeps the plain answer when some document is in the question’s language', async () => {
    const spanishOnly = await sparkWith(app(), [['politica.md', POLITICA]]);
    expect((await spanishOnly('What is the warranty on a frame?')).ai.data.content).toContain('are written in Spanish: asking in Spanish may find it');
    const both = await sparkWith(app(), [
      ['politica.md', POLITICA],
      ['policy.md', VELOCITA_POLICY],
    ]);
    const unknown = await both('¿Hacéis envíos a Canarias?');
    expect(unknown.ai.data.content).toContain('todavía no tengo información sobre eso');
    expect(unknown.ai.data.content).not.toContain('escritos en');
  });
});

/** Apertium is a Debian package: CI installs it and requires it; a machine without it skips these. */
const apertium = await ApertiumTranslator.detect();

describe.skipIf(!apertium && process.env.APERTIUM_TEST_REQUIRED !== '1').each(testDatabaseTargets())(
  'a question in another language than the documents, offline with Apertium, on $name',
  (target) => {
    const app = appOnTarget(target, { TRANSLATOR: 'auto' });

    it('finds and quotes the passage in both directions, searching the translation beside the question’s own words', async () => {
      const english = await sparkWith(app(), [['policy.md', VELOCITA_POLICY]]);
      const toEnglish = await english('¿Cuántos días tengo para devolver una bicicleta?');
      expect(toEnglish.ai.data.content).toContain('30 days');
      expect(toEnglish.ai.data.citations?.length).toBeGreaterThan(0);
      const spanish = await sparkWith(app(), [['politica.md', POLITICA]]);
      const toSpanish = await spanish('How many days do I have to return a bicycle?');
      expect(toSpanish.ai.data.content).toContain('30 días');
      expect(toSpanish.ai.data.citations?.length).toBeGreaterThan(0);
    });
  },
);

describe.each(testDatabaseTargets())('a question in another language than the documents, with a model, on $name', (target) => {
  const { app, fake, systemOf } = appWithFakeModel(target, { TRANSLATOR: 'off' });

  it("searches with the model's wordings in the documents' language and tells the model that language", async () => {
    const ask = await sparkWith(app(), [['policy.md', VELOCITA_POLICY]]);
    const before = fake().requests.length;
    fake().enqueue({ text: 'return a bicycle within how many days\nreturns policy days' }, { text: 'Tienes 30 días para devolverla [1].' });
    const answer = await ask('¿En cuánto tiempo puedo devolver la bici?');
    const [reword, respond] = fake().requests.slice(before);
    expect(systemOf(reword!)).toContain('which are written in English. Rewrite the user');
    expect(JSON.stringify(reword!.messages)).toContain('¿En cuánto tiempo puedo devolver la bici?');
    // The Spanish words share nothing with the policy; the translation found the returns passage.
    const system = systemOf(respond!);
    expect(system).toContain('Bicycles can be returned within 30 days of purchase');
    expect(system).toContain('The documents are written in English: answer in the language of the question');
    expect(system).toContain('Responde siempre en español.');
    expect(answer.ai.data.citations?.[0]?.excerpt).toContain('within 30 days');
  });

  it('asks no wordings for a first question in the documents’ language, and answers anyway when the wordings call fails', async () => {
    const ask = await sparkWith(app(), [['policy.md', VELOCITA_POLICY]]);
    let before = fake().requests.length;
    fake().enqueue({ text: 'Within 30 days [1].' });
    await ask('How long do I have to return a bicycle?');
    expect(fake().requests.length - before).toBe(1);

    before = fake().requests.length;
    fake().enqueue({ status: 500 }, { text: 'No lo sé.' });
    const answer = await ask('¿En cuánto tiempo puedo devolver la bici?');
    expect(answer.ai.data.content).toBe('No lo sé.');
    const requests = fake().requests.slice(before);
    expect(requests).toHaveLength(2);
    expect(systemOf(requests[1]!)).not.toContain('Bicycles can be returned');
  });
});
