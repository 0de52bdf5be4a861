import type { Spark } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { assistantClient, cardOf, eventsOf, wordsOf } from '#test/assistant-helpers.js';
import { testDatabaseTargets } from '#test/test-databases.js';

describe.each(testDatabaseTargets())('the system assistant through an OpenAI-compatible model on $name', (target) => {
  const { app, fake, systemOf } = appWithFakeModel(target);

  it('understands free text by calling the same tools: one sentence names the Spark, writes its purpose and picks its colours', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    fake().enqueue(
      { toolCalls: [{ name: 'create_spark', arguments: { name: 'Bike Returns' } }] },
      {
        toolCalls: [
          { name: 'set_purpose', arguments: { purpose: 'Answers customers about returning bicycles.' } },
          { name: 'set_palette', arguments: { name: 'Océano' } },
          { name: 'show_icons', arguments: {} },
        ],
      },
      { text: 'Done! Pick an icon for its button.' },
    );
    const before = fake().requests.length;
    const reply = await assistant.say('new-spark', 'Make a bot called Bike Returns that answers customers about returning bicycles, in ocean colours');
    const spark = (
      (await app().inject({ method: 'GET', url: '/api/v1/sparks', headers: { authorization: `Bearer ${tokens.access_token}` } })).json().data as Spark[]
    )[0];
    expect(spark).toMatchObject({ name: 'Bike Returns', options: { theme: { palette: { name: 'Ocean' }, icon: { name: 'chat' } } } });
    expect(spark?.options.sysPrompt).toContain('Answers customers about returning bicycles.');
    expect(reply.sparkId).toBe(spark?._id);
    expect(eventsOf(reply)).toEqual([expect.objectContaining({ event: 'newSpark' })]);
    expect(cardOf(reply, 'iconSelector')).toBeDefined();
    expect(wordsOf(reply)).toContain('Pick an icon');

    const [first] = fake().requests.slice(before);
    expect(first?.tools?.map((tool) => tool.function.name).sort()).toEqual(
      [
        'create_spark',
        'create_test',
        'set_icon',
        'set_initial_message',
        'set_palette',
        'set_purpose',
        'show_buttons',
        'show_icons',
        'show_palettes',
        'show_widget_preview',
      ].sort(),
    );
    expect(systemOf(first!)).toContain('<assistant-state>');
    expect(systemOf(first!)).toContain('"topic": "new-spark"');
  });

  it('offers each topic only its own tools, and explains a refusal the tool returns', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    fake().enqueue({ toolCalls: [{ name: 'set_icon', arguments: { name: 'book' } }] }, { text: 'You need to create the Spark first.' });
    const before = fake().requests.length;
    const reply = await assistant.say('new-spark', 'Use the book icon');
    expect(wordsOf(reply)).toContain('create the Spark first');
    const toolMessage = fake().requests[before + 1]?.messages.find((message) => message.role === 'tool');
    expect(String(toolMessage?.content)).toContain('There is no Spark yet');

    fake().enqueue({ text: 'Here is your plan.' });
    const billingBefore = fake().requests.length;
    await assistant.say('billing', 'What plan am I on?');
    expect(
      fake()
        .requests[billingBefore]?.tools?.map((tool) => tool.function.name)
        .sort(),
    ).toEqual(['show_buttons', 'show_plan']);
  });

  it('changes the profile through update_profile and tells the app to switch language', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    fake().enqueue({ toolCalls: [{ name: 'update_profile', arguments: { firstname: 'Grace', config: { language: 'es' } } }] }, { text: 'Hecho, Grace.' });
    const reply = await assistant.say('profile', 'Me llamo Grace y prefiero español');
    expect(eventsOf(reply).map((event) => event.event)).toEqual(['updateProfile', 'language']);
    const profile = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${tokens.access_token}` } })).json()
      .data;
    expect(profile).toMatchObject({ firstname: 'Grace', config: { language: 'es' } });

    // A value the contract refuses never reaches the profile: the model is told and explains.
    fake().enqueue({ toolCalls: [{ name: 'update_profile', arguments: { phone: 'call <script>' } }] }, { text: 'Ese teléfono no es válido.' });
    const refused = await assistant.say('profile', 'Mi teléfono es call <script>', reply.sessionId);
    expect(wordsOf(refused)).toContain('no es válido');
    const after = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${tokens.access_token}` } })).json()
      .data;
    expect(after.phone).toBeNull();
  });
});
