import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, freshEmail, register } from '#test/accounts-helpers.js';
import { startTestApp } from '#test/test-app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
function startSmtpPeer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.server.address() as AddressInfo).port, received })));
}

describe('e-mail over SMTP', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    harness = await startTestApp(undefined, { SMTP_URL: `smtp://127.0.0.1:${peer.port}`, MAIL_FROM: 'Sparks <hello@sparks.example>' });
  });
  afterAll(async () => {
    await harness.stop();
    await new Promise<void>((resolve) => peer.server.close(() => resolve()));
  });

  it('delivers the verification code to the SMTP server and keeps nothing in the outbox', async () => {
    const email = freshEmail('smtp');
    expect((await register(harness.app, email)).statusCode).toBe(201);
    const mail = peer.received.find((message) => message.to.includes(email));
    expect(mail?.from).toBe('hello@sparks.example');
    expect(mail?.raw).toContain('Subject: Your Sparks verification code');
    expect(codeIn(mail!.raw.split('\r\n\r\n').slice(1).join('\n'))).toMatch(/^\d{6}$/);
    const mailbox = await harness.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.statusCode).toBe(404);
  });

  it('keeps the account when the SMTP server is down, so the code can be sent again later', async () => {
    const down = await startTestApp(undefined, { SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const email = freshEmail('smtp-down');
      expect((await register(down.app, email)).statusCode).toBe(201);
      const again = await register(down.app, email);
      expect(again.json()).toMatchObject({ errors: ['User already exists'] });
    } finally {
      await down.stop();
    }
  });
});
