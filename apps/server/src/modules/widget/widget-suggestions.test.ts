import type { Deployment } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, liveWidgetSpark, widgetClient } from '#test/widget-helpers.js';

const HANDBOOK = Buffer.from(
  [
    '# Contents',
    'Returns, shipping and the warranty.',
    '## Introduction',
    'This handbook answers what customers ask us most.',
    '## Returns and refunds',
    'Bicycles can be returned within 30 days of purchase with the receipt.',
    '## Shipping times',
    'Orders leave the warehouse within two working days.',
    '## 3',
    'A section with only a number for a heading.',
    '## Frame warranty',
    'Frames are guaranteed for five years against manufacturing defects.',
  ].join('\n\n'),
);
const MANUAL_ES = Buffer.from(
  [
    '# Índice',
    'Devoluciones y garantía de las bicicletas de la tienda.',
    '## Devoluciones de bicicletas',
    'Las bicicletas se pueden devolver en un plazo de treinta días desde la compra con el ticket de compra.',
    '## Garantía del cuadro',
    'Los cuadros tienen una garantía de cinco años contra defectos de fabricación en condiciones normales de uso.',
  ].join('\n\n'),
);

describe.each(testDatabaseTargets())("the widget's suggested questions and privacy link on $name", (target) => {
  const app = appOnTarget(target);

  const patch = (token: string, sparkId: string, payload: object | string) =>
    app().inject({ method: 'PATCH', url: `/api/v1/sparks/${sparkId}/deploy`, headers: { authorization: `Bearer ${token}` }, payload });

  it('stores, offers to visitors and clears the questions and the privacy policy', async () => {
    const { token, spark, widget, deployToken } = await liveWidgetSpark(app());
    const fresh = await widget.deployment(spark._id);
    expect(fresh).toMatchObject({ suggestedQuestions: [], privacyUrl: null });
    const productPrivacy = `${new URL(fresh.snippet.match(/src="([^"]+)"/)![1]!).origin}/privacy`;
    expect((await widget.look(deployToken, SHOP)).json().data).toMatchObject({ suggestedQuestions: [], privacyUrl: productPrivacy });

    const questions = ['  How long do I have to return a bike?  ', 'Do you ship abroad?', 'do you ship ABROAD?'];
    const saved = await patch(token, spark._id, { suggestedQuestions: questions, privacyUrl: 'https://shop.example/privacy' });
    expect(saved.statusCode, saved.payload).toBe(200);
    expect(saved.json().data).toMatchObject({
      suggestedQuestions: ['How long do I have to return a bike?', 'Do you ship abroad?'],
      privacyUrl: 'https://shop.example/privacy',
      allowedOrigins: [SHOP],
    });
    expect(await widget.deployment(spark._id)).toMatchObject({ suggestedQuestions: ['How long do I have to return a bike?', 'Do you ship abroad?'] });

    const look = await widget.look(deployToken, SHOP);
    expect(look.json().data).toEqual({
      name: expect.any(String),
      initialMessage: expect.any(String),
      theme: expect.any(Object),
      suggestedQuestions: ['How long do I have to return a bike?', 'Do you ship abroad?'],
      privacyUrl: 'https://shop.example/privacy',
    });
    // The chat frame starts with the same look.
    const frame = await widget.frame(deployToken, `${SHOP}/help`);
    expect(frame.payload).toContain('"privacyUrl":"https://shop.example/privacy"');
    expect(frame.payload).toContain('Do you ship abroad?');

    // Setting one leaves the other as it was; null and [] clear them.
    expect((await patch(token, spark._id, { privacyUrl: null })).json().data).toMatchObject({ privacyUrl: null, suggestedQuestions: expect.any(Array) });
    expect((await patch(token, spark._id, { suggestedQuestions: [] })).json().data).toMatchObject({ privacyUrl: null, suggestedQuestions: [] });
    expect((await widget.look(deployToken, SHOP)).json().data).toMatchObject({ suggestedQuestions: [], privacyUrl: productPrivacy });
  });

  it('refuses a fourth question, a question too long, a blank one and an address that is not a web page', async () => {
    const { tokens } = await verifiedAccount(app());
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const refused = async (payload: object, message: RegExp) => {
      const response = await patch(tokens.access_token, spark._id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: expect.arrayContaining([expect.stringMatching(message)]) });
    };
    await refused({ suggestedQuestions: ['One?', 'Two?', 'Three?', 'Four?'] }, /suggestedQuestions: must offer at most 3 questions/);
    await refused({ suggestedQuestions: [`${'x'.repeat(120)}?`] }, /suggestedQuestions\.0: must be at most 120 characters/);
    await refused({ suggestedQuestions: ['   '] }, /suggestedQuestions\.0: must not be blank/);
    await refused({ suggestedQuestions: 'Just one?' }, /suggestedQuestions/);
    await refused({ privacyUrl: 'javascript:alert(1)' }, /privacyUrl: must be a web address/);
    await refused({ privacyUrl: 'ftp://shop.example/privacy' }, /privacyUrl: must be a web address/);
    await refused({ privacyUrl: 'shop example' }, /privacyUrl: must be a web address/);
    expect((await patch(tokens.access_token, spark._id, { suggestedQuestions: ['x'.repeat(120)] })).statusCode).toBe(200);
    const deployment = await widgetClient(app(), tokens.access_token).deployment(spark._id);
    expect(deployment).toMatchObject({ suggestedQuestions: ['x'.repeat(120)], privacyUrl: null });
  });

  it("proposes questions from the headings of the Spark's ready documents, in their language, leaving out those offered", async () => {
    const { tokens } = await verifiedAccount(app());
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const widget = widgetClient(app(), tokens.access_token);
    expect((await widget.deployment(spark._id)).proposedQuestions).toEqual([]);

    const documents = documentsClient(app(), tokens.access_token);
    expect((await documents.uploadReady(spark._id, 'handbook.md', HANDBOOK)).document).toMatchObject({ status: 'ready', language: 'en' });
    expect((await documents.uploadReady(spark._id, 'manual.md', MANUAL_ES)).document).toMatchObject({ status: 'ready', language: 'es' });
    const proposed = (await widget.deployment(spark._id)).proposedQuestions;
    expect(proposed).toEqual(
      expect.arrayContaining([
        'What should I know about returns and refunds?',
        'What should I know about shipping times?',
        'What should I know about frame warranty?',
        '¿Qué debo saber sobre devoluciones de bicicletas?',
        '¿Qué debo saber sobre garantía del cuadro?',
      ]),
    );
    expect(proposed.join(' ')).not.toMatch(/Contents|Introduction|Índice|about 3\?/);
    expect(proposed.length).toBeLessThanOrEqual(6);

    const picked = await patch(tokens.access_token, spark._id, { suggestedQuestions: ['What should I know about shipping times?'] });
    expect((picked.json().data as Deployment).proposedQuestions).not.toContain('What should I know about shipping times?');
    expect((picked.json().data as Deployment).proposedQuestions).toContain('What should I know about frame warranty?');
  });

  it("answers another tenant's Spark as not found, and changes nothing of it", async () => {
    const { spark, widget } = await liveWidgetSpark(app());
    const stranger = await verifiedAccount(app());
    const attempt = await patch(stranger.tokens.access_token, spark._id, { suggestedQuestions: ['Hacked?'], privacyUrl: 'https://evil.example/privacy' });
    expect(attempt.statusCode).toBe(404);
    const read = await app().inject({
      method: 'GET',
      url: `/api/v1/sparks/${spark._id}/deploy`,
      headers: { authorization: `Bearer ${stranger.tokens.access_token}` },
    });
    expect(read.statusCode).toBe(404);
    expect(await widget.deployment(spark._id)).toMatchObject({ suggestedQuestions: [], privacyUrl: null });
  });
});

describe.each(testDatabaseTargets())("the widget's privacy link with the operator's own policy on $name", (target) => {
  const app = appOnTarget(target, { PRIVACY_POLICY_URL: 'https://operator.example/privacy' });

  it("links the operator's policy until the Spark's owner sets one", async () => {
    const { token, spark, widget, deployToken } = await liveWidgetSpark(app());
    expect((await widget.look(deployToken, SHOP)).json().data.privacyUrl).toBe('https://operator.example/privacy');
    const headers = { authorization: `Bearer ${token}` };
    await app().inject({ method: 'PATCH', url: `/api/v1/sparks/${spark._id}/deploy`, headers, payload: { privacyUrl: 'https://shop.example/privacy' } });
    expect((await widget.look(deployToken, SHOP)).json().data.privacyUrl).toBe('https://shop.example/privacy');
  });
});
