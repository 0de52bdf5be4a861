import { networkInterfaces } from 'node:os';
import type { WhatsappCallbackProblem, WhatsappChannel } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { callbackProblem } from '../../lib/callback-problem.js';

/** PUBLIC_URL's default in these apps (PORT unset). */
const DEFAULT = 'http://localhost:3000';
/** An address of this machine that is not loopback, when it has one. */
const OWN_ADDRESS = Object.values(networkInterfaces())
  .flatMap((entries) => entries ?? [])
  .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;
const CONNECT = {
  phoneNumberId: '106540352242922',
  accessToken: 'EAAGm0PX4ZCpsBAKZCrDfZBBRealLookingToken123456789',
  appSecret: '0123456789abcdef0123456789abcdef',
};

/** A new owner's Spark, connected to WhatsApp; `card` reads what the card shows when the product is open at `host`. */
async function connectedSpark(app: FastifyInstance, host?: string) {
  const { tokens } = await verifiedAccount(app);
  const spark = await chatClient(app, tokens.access_token).newSpark();
  const call = (method: 'GET' | 'PUT' | 'PATCH', at: string | undefined, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/sparks/${spark._id}/whatsapp`,
      headers: { authorization: `Bearer ${tokens.access_token}`, ...(at ? { host: at } : {}) },
      ...(payload ? { payload } : {}),
    });
  const read = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.payload).toBe(200);
    const { webhookUrl, callbackProblem: problem } = (response.json() as { data: WhatsappChannel }).data;
    return { origin: new URL(webhookUrl!).origin, path: new URL(webhookUrl!).pathname, problem };
  };
  const connected = await read(await call('PUT', host, CONNECT));
  return {
    connected,
    card: async (at?: string) => read(await call('GET', at)),
    paused: async (at?: string) => read(await call('PATCH', at, { paused: true })),
  };
}

describe('why Meta cannot call a Callback URL', () => {
  it.each<[string, WhatsappCallbackProblem | null]>([
    ['http://localhost:3000/x', 'loopback'],
    ['https://app.localhost/x', 'loopback'],
    ['http://127.0.0.1:4321/x', 'loopback'],
    ['http://[::1]:4321/x', 'loopback'],
    ['http://[::ffff:127.0.0.1]/x', 'loopback'],
    ['http://0.0.0.0:3000/x', 'loopback'],
    ['http://10.0.0.5:3000/x', 'private'],
    ['https://172.16.4.2/x', 'private'],
    ['http://192.168.1.20:3000/x', 'private'],
    ['http://169.254.10.1/x', 'private'],
    ['http://100.64.0.7/x', 'private'],
    ['https://[fd12:3456::1]/x', 'private'],
    ['https://[fe80::1]/x', 'private'],
    ['http://backend:3000/x', 'private'],
    ['https://sparks.local/x', 'private'],
    ['https://sparks.internal/x', 'private'],
    ['https://sparks.home.arpa/x', 'private'],
    ['http://sparks.example.com/x', 'plain-http'],
    ['http://8.8.8.8/x', 'plain-http'],
    ['https://sparks.example.com/x', null],
    ['https://8.8.8.8/x', null],
    ['https://[2606:4700:4700::1111]/x', null],
  ])('%s: %s', (address, problem) => {
    expect(callbackProblem(address)).toBe(problem);
  });
});

describe.each(testDatabaseTargets())('the WhatsApp Callback URL, without PUBLIC_URL, on $name', (target) => {
  const app = appOnTarget(target);

  it('is on the loopback address in use, with its port, and says Meta cannot call it', async () => {
    const spark = await connectedSpark(app(), '127.0.0.1:4321');
    expect(spark.connected).toMatchObject({ origin: 'http://127.0.0.1:4321', problem: 'loopback' });
    expect(spark.connected.path).toMatch(/^\/api\/v1\/whatsapp\/[\w-]+\/webhook$/);
    // Every answer that shows the card follows the address of its own request.
    expect(await spark.card('localhost:5173')).toEqual({ ...spark.connected, origin: 'http://localhost:5173' });
    expect(await spark.paused('[::1]:4321')).toEqual({ ...spark.connected, origin: 'http://[::1]:4321' });
  });

  it.skipIf(!OWN_ADDRESS)("is on this machine's own address when the product is opened there", async () => {
    const spark = await connectedSpark(app());
    const card = await spark.card(`${OWN_ADDRESS}:4321`);
    expect(card.origin).toBe(`http://${OWN_ADDRESS}:4321`);
    expect(card.problem).toBe(callbackProblem(`http://${OWN_ADDRESS}:4321/`));
    expect(card.problem).not.toBeNull();
  });

  it('never takes a made-up Host: the card then names the default address, and says Meta cannot call it', async () => {
    const spark = await connectedSpark(app(), 'evil.example');
    expect(spark.connected).toMatchObject({ origin: DEFAULT, problem: 'loopback' });
    expect(await spark.card('sparks.example.com')).toMatchObject({ origin: DEFAULT, problem: 'loopback' });
  });
});

describe.each(testDatabaseTargets())('the WhatsApp Callback URL with PUBLIC_URL on $name', (target) => {
  const cases = [
    { publicUrl: 'https://sparks.example.com', problem: null },
    { publicUrl: 'http://sparks.example.com', problem: 'plain-http' },
    { publicUrl: 'http://192.168.1.20:3000', problem: 'private' },
  ] as const;
  const apps = cases.map(({ publicUrl }) => appOnTarget(target, { PUBLIC_URL: publicUrl }));

  it.each(cases.map((entry, index) => ({ ...entry, index })))('is on $publicUrl whatever the request says: $problem', async ({ publicUrl, problem, index }) => {
    const spark = await connectedSpark(apps[index]!(), '127.0.0.1:4321');
    expect(spark.connected).toMatchObject({ origin: publicUrl, problem });
    expect(await spark.card('localhost:5173')).toMatchObject({ origin: publicUrl, problem });
  });
});
