import type { Deployment, WidgetLook } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, liveWidgetSpark } from '#test/widget-helpers.js';

const QUESTIONS = ['How long do I have to return a bike?', 'Do you ship abroad?'];
const SPANISH = {
  initialMessage: '¡Hola! Pregúntame por devoluciones y envíos.',
  suggestedQuestions: { 'How long do I have to return a bike?': '¿Cuánto tiempo tengo para devolver una bici?' },
};

describe.each(testDatabaseTargets())("the widget's welcome and suggested questions in the visitor's language on $name", (target) => {
  const app = appOnTarget(target);

  const patch = (token: string, sparkId: string, payload: object) =>
    app().inject({ method: 'PATCH', url: `/api/v1/sparks/${sparkId}/deploy`, headers: { authorization: `Bearer ${token}` }, payload });
  /** The look the loader reads, for a browser that prefers `language`. */
  const look = async (deployToken: string, language: string): Promise<WidgetLook> => {
    const response = await app().inject({ method: 'GET', url: `/api/v1/widget/${deployToken}/look`, headers: { origin: SHOP, 'accept-language': language } });
    expect(response.statusCode, response.payload).toBe(200);
    // It differs by language, so no cache may give one visitor's look to another (CORS keeps Origin there).
    expect(response.headers.vary).toBe('Origin, Accept-Language');
    return response.json().data as WidgetLook;
  };
  const frameLook = async (deployToken: string, language: string): Promise<WidgetLook> => {
    const response = await app().inject({
      method: 'GET',
      url: `/widget/frame/${deployToken}`,
      headers: { referer: `${SHOP}/help`, 'accept-language': language },
    });
    const json = /<script type="application\/json" id="sparks-config">([\s\S]*?)<\/script>/.exec(response.payload)?.[1];
    return (JSON.parse(json!) as { look: WidgetLook }).look;
  };

  it("greets each visitor in their browser's language: the product's welcome in both, then the owner's translation", async () => {
    const { token, spark, chat, deployToken } = await liveWidgetSpark(app());
    // A new Spark's welcome is the product's own, which it knows in both languages.
    expect((await look(deployToken, 'es-ES,es;q=0.9')).initialMessage).toBe('Bienvenido a tu nuevo Spark');
    expect((await look(deployToken, 'en-GB,en;q=0.9')).initialMessage).toBe('Welcome to your new Spark');

    // The owner greets in English and offers two questions; the panel reads the texts as English and offers Spanish.
    const greeted = await chat.builder(spark._id, 'Welcome message: Hi! Ask me about returns and shipping.');
    expect(greeted.statusCode, greeted.payload).toBe(200);
    const saved = await patch(token, spark._id, { suggestedQuestions: QUESTIONS });
    expect(saved.json().data).toMatchObject({ initialMessage: 'Hi! Ask me about returns and shipping.', textLanguage: 'en', translations: {} });
    expect(await look(deployToken, 'es')).toMatchObject({ initialMessage: 'Hi! Ask me about returns and shipping.', suggestedQuestions: QUESTIONS });

    const translated = await patch(token, spark._id, { translations: { es: SPANISH } });
    expect(translated.statusCode, translated.payload).toBe(200);
    expect((translated.json().data as Deployment).translations).toEqual({ es: SPANISH });
    const spanish = { initialMessage: SPANISH.initialMessage, suggestedQuestions: ['¿Cuánto tiempo tengo para devolver una bici?', 'Do you ship abroad?'] };
    expect(await look(deployToken, 'es-MX,es;q=0.8,en;q=0.5')).toMatchObject(spanish);
    expect(await frameLook(deployToken, 'es-MX,es;q=0.8')).toMatchObject(spanish);
    expect(await look(deployToken, 'en-US')).toMatchObject({ initialMessage: 'Hi! Ask me about returns and shipping.', suggestedQuestions: QUESTIONS });

    // A question the owner takes away takes its translation with it; the rest stays.
    const fewer = await patch(token, spark._id, { suggestedQuestions: ['Do you ship abroad?'] });
    expect((fewer.json().data as Deployment).translations).toEqual({ es: { initialMessage: SPANISH.initialMessage, suggestedQuestions: {} } });
    expect(await look(deployToken, 'es')).toMatchObject({ initialMessage: SPANISH.initialMessage, suggestedQuestions: ['Do you ship abroad?'] });

    // null removes the language: Spanish visitors read the owner's own words again.
    const removed = await patch(token, spark._id, { translations: { es: null } });
    expect((removed.json().data as Deployment).translations).toEqual({});
    expect((await look(deployToken, 'es')).initialMessage).toBe('Hi! Ask me about returns and shipping.');
  });

  it('refuses an unknown language, a blank or too long welcome, too many or too long questions, and keeps what was saved', async () => {
    const { token, spark, deployToken } = await liveWidgetSpark(app());
    await patch(token, spark._id, { suggestedQuestions: QUESTIONS, translations: { es: SPANISH } });
    const refused = async (translations: unknown, message: RegExp) => {
      const response = await patch(token, spark._id, { translations });
      expect(response.statusCode, JSON.stringify(translations).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: expect.arrayContaining([expect.stringMatching(message)]) });
    };
    await refused({ fr: SPANISH }, /translations/);
    await refused({ es: { ...SPANISH, initialMessage: '   ' } }, /translations\.es\.initialMessage: must not be blank/);
    await refused({ es: { ...SPANISH, initialMessage: 'x'.repeat(4001) } }, /translations\.es\.initialMessage/);
    await refused({ es: { ...SPANISH, suggestedQuestions: { a: '1?', b: '2?', c: '3?', d: '4?' } } }, /at most 3 questions/);
    await refused({ es: { ...SPANISH, suggestedQuestions: { [QUESTIONS[0]!]: `${'x'.repeat(120)}?` } } }, /translations\.es\.suggestedQuestions/);
    await refused({ es: { ...SPANISH, suggestedQuestions: { [QUESTIONS[0]!]: 42 } } }, /translations\.es\.suggestedQuestions/);
    await refused({ es: { ...SPANISH, extra: true } }, /translations\.es/);
    await refused('Spanish, please', /translations/);
    expect(await look(deployToken, 'es')).toMatchObject({ initialMessage: SPANISH.initialMessage });
  });

  it("answers another tenant's Spark as not found, and changes nothing of it", async () => {
    const { token, spark, deployToken } = await liveWidgetSpark(app());
    await patch(token, spark._id, { suggestedQuestions: QUESTIONS, translations: { es: SPANISH } });
    const stranger = await verifiedAccount(app());
    const attempt = await patch(stranger.tokens.access_token, spark._id, { translations: { es: { initialMessage: 'Hackeado', suggestedQuestions: {} } } });
    expect(attempt.statusCode).toBe(404);
    expect(await look(deployToken, 'es')).toMatchObject({ initialMessage: SPANISH.initialMessage });
  });
});
