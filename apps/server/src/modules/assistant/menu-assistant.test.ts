import { objectivesProgress, type User } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { assistantClient, cardOf, eventsOf, wordsOf } from '#test/assistant-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

describe.each(testDatabaseTargets())('the menu assistants on $name', (target) => {
  const app = appOnTarget(target);
  const profileOf = async (token: string) =>
    (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${token}` } })).json().data as User;

  it('profile: collects first name, last name, phone and language, one question at a time', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    const start = await assistant.say('profile', '');
    expect(cardOf(start, 'userCard')?.info).toEqual(expect.arrayContaining([{ type: 'First name', result: '—' }]));
    expect(wordsOf(start)).toContain('What is your first name?');

    const first = await assistant.say('profile', 'Ada', start.sessionId);
    expect(eventsOf(first)).toEqual([expect.objectContaining({ event: 'updateProfile' })]);
    expect(wordsOf(first)).toContain('And your last name?');
    await assistant.say('profile', 'Lovelace', start.sessionId);

    const badPhone = await assistant.say('profile', 'call me maybe', start.sessionId);
    expect(wordsOf(badPhone)).toContain('does not look like a phone number');
    expect((await profileOf(tokens.access_token)).phone).toBeNull();
    const phone = await assistant.say('profile', '+34 600 123 456', start.sessionId);
    expect(wordsOf(phone)).toContain('Your profile is complete');
    expect(await profileOf(tokens.access_token)).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', phone: '+34 600 123 456' });
    expect(objectivesProgress(await assistant.objectives('profile-menu'))).toBe(100);

    const ask = await assistant.say('profile', 'Change language', start.sessionId);
    expect(cardOf(ask, 'buttons')?.buttons).toEqual([
      { label: 'English', value: 'English' },
      { label: 'Español', value: 'Español' },
    ]);
    const spanish = await assistant.say('profile', 'Español', start.sessionId);
    expect(eventsOf(spanish).map((event) => event.event)).toEqual(['updateProfile', 'language']);
    expect(eventsOf(spanish)[1]).toMatchObject({ language: 'es' });
    expect(wordsOf(spanish)).toContain('Guardado.');
    expect((await profileOf(tokens.access_token)).config.language).toBe('es');
  });

  it('profile: keeps to the language of the screen when a detail is saved, switching only when the language itself changes', async () => {
    // The profile says English; the screen is in Spanish.
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    const es = { language: 'es' };
    const start = await assistant.say('profile', '', undefined, es);
    expect(wordsOf(start)).toContain('¿Cuál es tu nombre?');
    const badPhone = await assistant.say('profile', 'Ada', start.sessionId, es);
    expect(wordsOf(badPhone)).toContain('Guardado.');
    expect(wordsOf(badPhone)).not.toMatch(/Saved|last name/);
    await assistant.say('profile', 'Lovelace', start.sessionId, es);
    const phone = await assistant.say('profile', '+34 600 123 456', start.sessionId, es);
    expect(wordsOf(phone)).toContain('Guardado. Tu perfil está completo');
    expect(wordsOf(phone)).not.toMatch(/Saved|profile is complete/);
  });

  it('deploy: choose a Spark, see its code, and complete the deploy steps one by one', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    const empty = await assistant.say('deploy', '');
    expect(cardOf(empty, 'buttons')?.buttons).toEqual([{ label: 'Create a Spark', goto: '/new-spark' }]);

    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const start = await assistant.say('deploy', '');
    expect(cardOf(start, 'buttons')?.buttons).toEqual([{ label: 'Spark Nuevo', value: 'Spark Nuevo' }]);
    const code = await assistant.say('deploy', 'Spark Nuevo', start.sessionId);
    const snippet = (cardOf(code, 'card')?.info as Array<{ value: string }>)[0]?.value;
    // Without PUBLIC_URL the code names the loopback address the request came in on (inject's localhost:80).
    expect(snippet).toMatch(/^<script src="http:\/\/localhost\/widget\.js" data-spark="dpl_[\w-]+" async><\/script>$/);
    expect(snippet).not.toContain(spark._id);
    const steps = async () => (await assistant.objectives('deploy'))[0]!.steps.map((step) => step.status);
    expect(cardOf(code, 'buttons')?.buttons).toContainEqual({ label: 'Allow my website', goto: `/spark/${spark._id}?panel=deploy` });
    expect(await steps()).toEqual(['completed', 'pending', 'pending', 'pending']);
    await assistant.say('deploy', 'I pasted the code', start.sessionId);
    expect(await steps()).toEqual(['completed', 'completed', 'pending', 'pending']);
    // Allowing the website is a fact the step reads, not something to report.
    await app().inject({
      method: 'PATCH',
      url: `/api/v1/sparks/${spark._id}/deploy`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { allowedOrigins: ['shop.example'] },
    });
    expect(await steps()).toEqual(['completed', 'completed', 'completed', 'pending']);
    const live = await assistant.say('deploy', 'Yes, it works', start.sessionId);
    expect(wordsOf(live)).toContain('your Spark is live');
    expect(objectivesProgress(await assistant.objectives('deploy'))).toBe(100);
    // The Spark it went live with has its own "put it online" step done.
    expect((await assistant.objectives(spark._id)).find((objective) => objective._id === `${spark._id}:publish`)?.isCompleted).toBe(true);
  });

  it('billing, settings and onboarding show their cards; settings can sign out', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    const billing = await assistant.say('billing', '');
    expect(cardOf(billing, 'card')?.info).toEqual(expect.arrayContaining([{ label: 'Plan', value: 'Free Plan' }]));
    expect(cardOf(billing, 'card')?.usage).toEqual([
      { label: 'Interactions per month', used: 0, limit: 600 },
      { label: 'Sparks', used: 0, limit: 5 },
      { label: 'Documents', used: 0, limit: 3 },
    ]);
    expect(cardOf(billing, 'buttons')?.buttons).toEqual(expect.arrayContaining([{ label: 'See plans', goto: '/billing?showPlans=true' }]));

    const onboarding = await assistant.say('onBoarding', '');
    expect((cardOf(onboarding, 'onboarding')?.onboarding as unknown[]).length).toBe(5);
    expect(cardOf(onboarding, 'buttons')?.buttons).toEqual(
      expect.arrayContaining([{ label: 'Show me around', goto: '/spark/onboarding?activateTutorial=true' }]),
    );

    const settings = await assistant.say('settings', '');
    expect(cardOf(settings, 'userCard')).toBeDefined();
    const out = await assistant.say('settings', 'Log out', settings.sessionId);
    expect(eventsOf(out)).toEqual([expect.objectContaining({ event: 'logout' })]);

    const ask = await assistant.say('main_chat', 'Ask a question');
    expect(wordsOf(ask)).toBe('What would you like to know?');
    const plans = await assistant.say('main_chat', 'How much does it cost?', ask.sessionId);
    expect(wordsOf(plans)).toContain('Ruby** costs 45 EUR');
    expect(cardOf(plans, 'buttons')?.buttons).toEqual([{ label: 'See plans', goto: '/billing' }]);
    const weather = await assistant.say('main_chat', 'What is the weather like?', ask.sessionId);
    expect(wordsOf(weather)).toContain("I didn't understand that");
    expect(wordsOf(weather)).toMatch(/Anything else you would like to know\?$/);
  });

  it('reports deploy steps through PATCH, and refuses steps that complete by themselves', async () => {
    const owner = await verifiedAccount(app());
    const other = await verifiedAccount(app());
    const assistant = assistantClient(app(), owner.tokens.access_token);
    const spark = await chatClient(app(), owner.tokens.access_token).newSpark();

    const reported = await assistant.report('deploy', { stepId: 'deploy:snippet', status: 'inProgress' });
    expect(reported.statusCode, reported.payload).toBe(200);
    expect(reported.json().data[0].steps.map((step: { status: string }) => step.status)).toEqual(['pending', 'inProgress', 'pending', 'pending']);

    const embed = await assistant.report(spark._id, { stepId: `${spark._id}:publish:embed`, status: 'completed' });
    expect(embed.statusCode, embed.payload).toBe(200);
    expect((await assistant.objectives(spark._id)).find((objective) => objective._id === `${spark._id}:publish`)?.isCompleted).toBe(true);

    const derived = await assistant.report(spark._id, { stepId: `${spark._id}:define:name`, status: 'completed' });
    expect(derived.statusCode).toBe(409);
    expect(derived.json().errors[0]).toContain('completes by itself');
    expect((await assistant.report('deploy', { stepId: 'deploy:teleport', status: 'completed' })).statusCode).toBe(400);
    expect((await assistant.report('profile-menu', { stepId: 'profile:phone', status: 'completed' })).statusCode).toBe(409);
    expect((await assistant.report('billing', { stepId: 'billing:anything', status: 'completed' })).statusCode).toBe(400);
    expect((await assistant.report('deploy', { stepId: 'deploy:live', status: 'done' })).statusCode).toBe(400);
    expect((await assistant.report('deploy', { stepId: 'deploy:live', status: 'completed', extra: 1 })).statusCode).toBe(400);
    const foreign = await assistantClient(app(), other.tokens.access_token).report(spark._id, { stepId: 'publish:embed', status: 'completed' });
    expect(foreign.statusCode).toBe(404);
    // The other user's deploy steps are their own.
    expect((await assistantClient(app(), other.tokens.access_token).objectives('deploy'))[0]!.steps.every((step) => step.status === 'pending')).toBe(true);
  });
});
