import type { ChatMessage, ChatTurn } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { makePdf } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

const turnOf = (response: { statusCode: number; payload: string; json(): unknown }): ChatTurn => {
  expect(response.statusCode, response.payload).toBe(200);
  return (response.json() as { data: ChatTurn }).data;
};
const aiText = (messages: ChatMessage[]): string => messages.map((message) => message.data.content ?? '').join('\n');

describe.each(testDatabaseTargets())('the builder assistant and documents on $name', (target) => {
  const app = appOnTarget(target);

  async function sparkWithDocument() {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const docs = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const pdf = await makePdf([
      { heading: 'Returns policy', paragraphs: ['Bicycles can be returned within 30 days of purchase with the original receipt.'] },
      { heading: 'Warranty', paragraphs: ['Every frame carries a lifetime warranty against manufacturing defects.'] },
    ]);
    const { result } = await docs.uploadReady(spark._id, 'bike-shop.pdf', pdf);
    return { tokens, chat, docs, spark, conversationId: result.conversationId! };
  }

  it('summarises the document, suggests questions and proposes changes the owner can apply', async () => {
    const { chat, spark, conversationId } = await sparkWithDocument();
    const summary = turnOf(await chat.builder(spark._id, 'Summarize the document', conversationId));
    expect(aiText(summary.messages)).toContain('Bicycles can be returned within 30 days');
    expect(aiText(summary.messages)).toMatch(/\[\d\]/);

    const questions = turnOf(await chat.builder(spark._id, 'Suggest questions', conversationId));
    expect(aiText(questions.messages)).toContain('What does it say about warranty?');

    const proposal = turnOf(await chat.builder(spark._id, 'Update my Spark with it', conversationId));
    const changes = proposal.messages.find((message) => message.data.type === 'dochanges');
    expect(changes?.data.actions?.length).toBe(2);
    const [welcome, instructions] = changes!.data.actions!;
    expect(welcome!.payload).toMatch(/^Welcome message: Hello! Ask me anything about /);

    turnOf(await chat.builder(spark._id, welcome!.payload, conversationId));
    turnOf(await chat.builder(spark._id, instructions!.payload, conversationId));
    const shaped = await chat.spark(spark._id);
    expect(shaped?.options.initialMessage).toMatch(/^Hello! Ask me anything about (returns policy|warranty)/);
    expect(shaped?.options.sysPrompt).toContain('Answer questions using the document "bike-shop.pdf"');

    const history = (await chat.history(conversationId)).json().data.messages as ChatMessage[];
    expect(history.some((message) => message.data.type === 'dochanges')).toBe(true);
  });

  it('answers "Upload a document" during the first questions without taking it as an answer', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const start = turnOf(await chat.builder(spark._id, 'Start'));
    const upload = turnOf(await chat.builder(spark._id, 'Upload a document', start.conversationId));
    expect(aiText(upload.messages)).toContain('paperclip');
    expect(aiText(upload.messages)).toContain('What is this Spark for?');
    const purpose = turnOf(await chat.builder(spark._id, 'Answering questions about our bike shop', start.conversationId));
    expect(aiText(purpose.messages)).toContain('Who will talk to it?');
  });

  it("writes the upload's message and next steps in the language sent, else in the profile's", async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const docs = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const uploaded = async (fields: Record<string, string>, name: string) => {
      const response = await docs.upload({ sparkId: spark._id, ...fields }, { name, bytes: Buffer.from('# Devoluciones\n\nTreinta días con el ticket.\n') });
      expect(response.statusCode, response.payload).toBe(201);
      const document = (response.json() as { data: Array<{ messages: ChatMessage[] }> }).data[0]!.messages.find((message) => message.data.type === 'document');
      return { text: document?.data.content, options: document?.data.options };
    };
    expect(await uploaded({ language: 'es' }, 'uno.md')).toEqual({
      text: expect.stringMatching(/^He recibido \*\*uno\\\.md\*\*/),
      options: ['Resumir el documento', 'Sugerir preguntas', 'Actualizar mi Spark con él'],
    });
    expect((await uploaded({}, 'dos.md')).text).toMatch(/^I received/);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    await app().inject({ method: 'PATCH', url: '/api/v1/account/profile', headers, payload: { config: { language: 'es' } } });
    expect((await uploaded({}, 'tres.md')).options).toEqual(['Resumir el documento', 'Sugerir preguntas', 'Actualizar mi Spark con él']);
  });

  it('says plainly when no document can be read yet', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const turn = turnOf(await chat.builder(spark._id, 'Summarize the document'));
    expect(aiText(turn.messages)).toContain("I can't read your documents yet");
  });

  it('tells a request to attach a document from other messages (load-doc-message)', async () => {
    const { tokens, spark } = await sparkWithDocument();
    const ask = (content: unknown, sparkId = spark._id, token = tokens.access_token) =>
      app().inject({
        method: 'POST',
        url: '/api/v1/llm/load-doc-message',
        headers: { authorization: `Bearer ${token}` },
        payload: { message: { type: 'human', content }, sessionId: null, sparkId },
      });
    for (const content of ['Upload a document', 'Subir un documento', 'I want to upload a PDF', 'quiero subir un documento']) {
      expect((await ask(content)).json().data, content).toEqual({ isDocumentLoadMessage: true });
    }
    for (const content of ['What is the return policy?', 'Summarize the document', 'call it Bike Help']) {
      expect((await ask(content)).json().data, content).toEqual({ isDocumentLoadMessage: false });
    }
    expect((await ask(42)).statusCode).toBe(400);
    expect((await ask('x'.repeat(5000))).statusCode).toBe(400);
    const stranger = await verifiedAccount(app());
    const foreign = await ask('Upload a document', spark._id, stranger.tokens.access_token);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');
  });
});
