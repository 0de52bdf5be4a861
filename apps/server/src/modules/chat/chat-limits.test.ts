import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

describe.each(testDatabaseTargets())('chat turn limits on $name', (target) => {
  const app = appOnTarget(target, { CHAT_TURNS_PER_MINUTE: '3' });

  it('stops a user after their turns per minute, across builder and test chats, without touching other users', async () => {
    const owner = chatClient(app(), (await verifiedAccount(app())).tokens.access_token);
    const spark = await owner.newSpark();
    const test = await owner.newTest(spark._id);
    const statuses = [
      (await owner.builder(spark._id, 'Start')).statusCode,
      (await owner.test(spark._id, test._id, 'inicio')).statusCode,
      (await owner.builder(spark._id, 'Call it Busy')).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await owner.test(spark._id, test._id, 'inicio');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [expect.stringMatching(/Too many messages/)] });

    const other = chatClient(app(), (await verifiedAccount(app())).tokens.access_token);
    const otherSpark = await other.newSpark();
    expect((await other.builder(otherSpark._id, 'Start')).statusCode).toBe(200);
  });
});
