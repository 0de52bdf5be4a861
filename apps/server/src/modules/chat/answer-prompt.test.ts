import type { TestChatAnswer, Language } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { testDatabaseTargets } from '#test/test-databases.js';

const POLICY = Buffer.from('# Devoluciones\n\nLas bicicletas se pueden devolver en un plazo de 30 días con el tique de compra.\n');

describe.each(testDatabaseTargets())('what a configured model is asked to answer from, on $name', (target) => {
  const { app, fake, systemOf } = appWithFakeModel(target);

  async function owner() {
    const { tokens } = await verifiedAccount(app());
    const token = tokens.access_token;
    const chat = chatClient(app(), token);
    const spark = await chat.newSpark();
    await documentsClient(app(), token).uploadReady(spark._id, 'devoluciones.md', POLICY);
    const test = await chat.newTest(spark._id);
    const ask = async (question: string, language: Language = 'en') => {
      fake().enqueue({ text: 'Treinta días [1].' });
      const response = await app().inject({
        method: 'POST',
        url: `/api/v1/sparks/${spark._id}/chat/${test._id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { input: { text: question }, language },
      });
      expect(response.statusCode, response.payload).toBe(200);
      return { system: systemOf(fake().requests.at(-1)!), answer: (response.json() as { data: TestChatAnswer }).data };
    };
    const setGeneralKnowledge = (generalKnowledge: unknown) =>
      app().inject({
        method: 'PATCH',
        url: `/api/v1/sparks/${spark._id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { generalKnowledge } as object,
      });
    return { ask, setGeneralKnowledge };
  }

  it('answers from the documents only by default, in the language of the question whatever the profile says', async () => {
    const account = await owner();
    const { system } = await account.ask('¿Cuántos días tengo para devolver una bici?', 'en');
    expect(system).toContain('they are the only source you may use');
    expect(system).toContain('say plainly that you do not know');
    expect(system).not.toContain('general knowledge: say');
    expect(system).toContain('Responde siempre en español.');
    expect(system).toContain('Las bicicletas se pueden devolver en un plazo de 30 días');
    // Asked in English of a Spanish document, the question is translated for the search first.
    fake().enqueue({ text: '¿Cuántos días tengo para devolver una bici?' });
    const english = (await account.ask('How many days do I have to return a bike?', 'es')).system;
    expect(english).toContain('Always reply in English.');
    expect(english).toContain('The documents are written in Spanish');
    expect(english).toContain('Las bicicletas se pueden devolver en un plazo de 30 días');
  });

  it('lets the owner allow general knowledge where the documents are silent, and back', async () => {
    const account = await owner();
    const allowed = await account.setGeneralKnowledge(true);
    expect(allowed.statusCode, allowed.payload).toBe(200);
    expect(allowed.json().data.options.generalKnowledge).toBe(true);
    const { system } = await account.ask('Is cycling good for the heart?');
    expect(system).toContain('you may answer from general knowledge: say that the answer does not come from the documents');
    expect(system).not.toContain('they are the only source you may use');
    expect((await account.setGeneralKnowledge(false)).json().data.options.generalKnowledge).toBe(false);
    expect((await account.ask('Is cycling good for the heart?')).system).toContain('they are the only source you may use');
    for (const bad of ['yes', 1, null]) expect((await account.setGeneralKnowledge(bad)).statusCode).toBe(400);
  });
});
