import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the fake received on `/{version}/{phone-number-id}/messages`. */
export interface SentMessage {
  /** The id Meta answered with, which a customer's reaction names. */
  id: string;
  phoneNumberId: string;
  authorization: string | undefined;
  to: string;
  body: string;
}

/** An error Meta answers with: the HTTP status and `error.code` it uses for it. */
export interface MetaFailure {
  status: number;
  code: number;
  message: string;
  details?: string;
}

export const META_FAILURES = {
  expiredToken: { status: 401, code: 190, message: 'Error validating access token: Session has expired.' },
  windowClosed: {
    status: 400,
    code: 131047,
    message: 'Re-engagement message',
    details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  rateLimited: { status: 400, code: 130429, message: 'Rate limit hit', details: 'Cloud API message throughput has been reached.' },
} satisfies Record<string, MetaFailure>;

/**
 * A Graph-shaped stand-in for Meta's WhatsApp Cloud API on loopback: it takes text messages and read receipts as
 * the messages endpoint does (the same body, bearer token and answer), records them, and answers
 * with Meta's error bodies when told to. `delivery` builds webhook deliveries in the real shape,
 * signed as Meta signs them.
 */
export async function startFakeWhatsappCloud(options: { accessToken: string }) {
  const sent: SentMessage[] = [];
  /** Messages marked read, and whether "typing…" was asked for with it. */
  const reads: Array<{ messageId: string; typing: boolean }> = [];
  const failures: MetaFailure[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return reply(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        messaging_product?: string;
        to?: string;
        type?: string;
        text?: { body?: string };
        status?: string;
        message_id?: string;
        typing_indicator?: { type?: string };
      };
      // A read receipt: taken as Meta takes it; the failures told to the fake are for sends.
      if (payload.status === 'read') {
        if (
          payload.messaging_product !== 'whatsapp' ||
          typeof payload.message_id !== 'string' ||
          request.headers.authorization !== `Bearer ${options.accessToken}`
        )
          return reply(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } });
        reads.push({ messageId: payload.message_id, typing: payload.typing_indicator?.type === 'text' });
        return reply(200, { success: true });
      }
      const failure = failures.shift();
      if (request.headers.authorization !== `Bearer ${options.accessToken}` && !failure)
        return reply(401, {
          error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'A1' },
        });
      if (failure) {
        return reply(failure.status, {
          error: {
            message: failure.message,
            type: 'OAuthException',
            code: failure.code,
            ...(failure.details ? { error_data: { messaging_product: 'whatsapp', details: failure.details } } : {}),
            fbtrace_id: 'A2',
          },
        });
      }
      if (payload.messaging_product !== 'whatsapp' || payload.type !== 'text' || typeof payload.text?.body !== 'string' || !payload.to)
        return reply(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } });
      if (payload.text.body.length > 4096)
        return reply(400, { error: { message: '(#100) Param text[body] must be at most 4096 characters long.', code: 100 } });
      const id = `wamid.${randomBytes(12).toString('hex')}`;
      sent.push({ id, phoneNumberId: match[1]!, authorization: request.headers.authorization, to: payload.to, body: payload.text.body });
      return reply(200, { messaging_product: 'whatsapp', contacts: [{ input: payload.to, wa_id: payload.to }], messages: [{ id }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** WHATSAPP_GRAPH_URL for the app under test. */
    graphUrl: `http://127.0.0.1:${port}/v25.0`,
    sent,
    reads,
    /** The next calls answer these errors, in order. */
    failNext: (...next: MetaFailure[]) => failures.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface IncomingWhatsapp {
  from: string;
  id?: string;
  /** Seconds since the epoch; now by default. */
  timestamp?: number;
  text?: string;
  /** Another type than text: image, audio, location, sticker, or a reaction to one of the business's messages. */
  kind?: 'image' | 'audio' | 'location' | 'sticker' | 'reaction';
  /** For a reaction: the message reacted to, and the emoji ('' takes it back). */
  reaction?: { messageId: string; emoji: string };
  name?: string;
}

/** A webhook delivery of customers' messages to one business number, in the Cloud API's shape, with its signature. */
export function whatsappDelivery(phoneNumberId: string, appSecret: string, messages: IncomingWhatsapp[], statuses: object[] = []) {
  const body = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              contacts: messages.map((message) => ({ profile: { name: message.name ?? 'Customer' }, wa_id: message.from })),
              ...(messages.length > 0
                ? {
                    messages: messages.map((message) => {
                      const base = {
                        from: message.from,
                        id: message.id ?? `wamid.${randomBytes(16).toString('hex')}`,
                        timestamp: String(message.timestamp ?? Math.floor(Date.now() / 1000)),
                      };
                      switch (message.kind) {
                        case 'image':
                          return { ...base, type: 'image', image: { mime_type: 'image/jpeg', sha256: 'abc', id: '1003383421387256' } };
                        case 'audio':
                          return { ...base, type: 'audio', audio: { mime_type: 'audio/ogg; codecs=opus', sha256: 'abc', id: '1003383421387257', voice: true } };
                        case 'location':
                          return { ...base, type: 'location', location: { latitude: 40.4168, longitude: -3.7038, name: 'Madrid' } };
                        case 'reaction':
                          return {
                            ...base,
                            type: 'reaction',
                            reaction: { message_id: message.reaction?.messageId ?? '', emoji: message.reaction?.emoji ?? '' },
                          };
                        case 'sticker':
                          return { ...base, type: 'sticker', sticker: { mime_type: 'image/webp', sha256: 'abc', id: '1003383421387258', animated: false } };
                        default:
                          return { ...base, type: 'text', text: { body: message.text ?? '' } };
                      }
                    }),
                  }
                : {}),
              ...(statuses.length > 0 ? { statuses } : {}),
            },
          },
        ],
      },
    ],
  };
  const raw = Buffer.from(JSON.stringify(body));
  return {
    raw,
    signature: `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`,
    ids: body.entry[0]!.changes[0]!.value.messages?.map((message) => message.id) ?? [],
  };
}
