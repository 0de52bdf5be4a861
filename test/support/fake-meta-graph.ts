import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A text the fake took on `POST /{version}/{page-id}/messages`. */
export interface SentPageMessage {
  /** The id Meta answered with, which a customer's reaction names. */
  id: string;
  pageId: string;
  to: string;
  text: string;
  messagingType: string;
  tag: string | null;
}

/** An error Meta answers with: the HTTP status, `error.code` and `error_subcode`. */
export interface GraphFailure {
  status: number;
  code: number;
  subcode?: number;
  message: string;
}

export const GRAPH_FAILURES = {
  expiredToken: { status: 400, code: 190, subcode: 463, message: 'Error validating access token: Session has expired on Tuesday, 01-Dec-26.' },
  rateLimited: { status: 400, code: 613, message: 'Calls to this api have exceeded the rate limit.' },
} satisfies Record<string, GraphFailure>;

/** A Page the fake knows: its token, name and linked Instagram professional account. */
export interface FakePage {
  id: string;
  name: string;
  accessToken: string;
  instagram?: { id: string; username: string };
}

const HOUR_MS = 3_600_000;

/**
 * A Graph-shaped stand-in for Meta's Messenger Platform on loopback, from Meta's reference
 * (Send API, sender actions, `subscribed_apps`, the Page's `instagram_business_account`): it
 * answers as Meta does, with its error bodies; keeps Meta's rules (2,000 characters on Messenger,
 * 1,000 on Instagram, the 24-hour window, HUMAN_AGENT up to 7 days); and builds webhook deliveries
 * (`object: page | instagram`) signed as Meta signs them.
 */
export async function startFakeMetaGraph(pages: FakePage[]) {
  const sent: SentPageMessage[] = [];
  const actions: Array<{ to: string; action: string }> = [];
  const subscribed: Array<{ pageId: string; fields: string }> = [];
  const failures: GraphFailure[] = [];
  /** When each person last wrote, as the deliveries built here say: Meta's window counts from it. */
  const lastWrote = new Map<string, number>();
  const instagramSenders = new Set<string>();
  const pageOf = (token: string | undefined) => pages.find((page) => `Bearer ${page.accessToken}` === token);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const error = (status: number, code: number, message: string, subcode?: number) =>
        reply(status, { error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AbCdEf' } });
      const url = new URL(request.url ?? '/', 'http://graph');
      const path = url.pathname.replace(/^\/v\d+\.\d+\//, '');
      const page = pageOf(request.headers.authorization);
      const failure = failures.shift();
      if (failure) return error(failure.status, failure.code, failure.message, failure.subcode);
      if (!page) return error(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      if (request.method === 'GET' && path === 'me') return reply(200, { id: page.id, name: page.name });
      if (request.method === 'GET' && path === page.id)
        return reply(200, {
          id: page.id,
          ...(page.instagram ? { instagram_business_account: { id: page.instagram.id, username: page.instagram.username } } : {}),
        });
      if (request.method === 'GET') return error(400, 100, `Unsupported get request. Object with ID '${path}' does not exist`, 33);
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        subscribed_fields?: string;
        recipient?: { id?: string };
        messaging_type?: string;
        tag?: string;
        sender_action?: string;
        message?: { text?: string };
      };
      if (path === `${page.id}/subscribed_apps`) {
        subscribed.push({ pageId: page.id, fields: payload.subscribed_fields ?? '' });
        return reply(200, { success: true });
      }
      if (path !== `${page.id}/messages`) return error(400, 100, 'Unknown path components', 2500);
      const to = payload.recipient?.id;
      if (!to) return error(400, 100, '(#100) The parameter recipient is required');
      if (payload.sender_action) {
        if (payload.message) return error(400, 100, '(#100) sender_action cannot be sent with message');
        actions.push({ to, action: payload.sender_action });
        return reply(200, { recipient_id: to });
      }
      const text = payload.message?.text;
      if (typeof text !== 'string' || !text) return error(400, 100, '(#100) The parameter message[text] is required');
      const instagram = instagramSenders.has(to);
      if (instagram ? Buffer.byteLength(text) > 1000 : text.length > 2000)
        return error(400, 100, `(#100) Param message[text] must be at most ${instagram ? 1000 : 2000} characters long.`);
      const age = Date.now() - (lastWrote.get(to) ?? 0);
      if (payload.messaging_type === 'MESSAGE_TAG') {
        if (payload.tag !== 'HUMAN_AGENT') return error(400, 100, '(#100) Tag is not supported');
        if (age > 7 * 24 * HOUR_MS) return error(400, 10, '(#10) This message is sent outside of allowed window.', 2018278);
      } else if (payload.messaging_type !== 'RESPONSE' && payload.messaging_type !== 'UPDATE') {
        return error(400, 100, '(#100) Invalid messaging_type');
      } else if (age > 24 * HOUR_MS) {
        return error(400, 10, '(#10) This message is sent outside of allowed window.', 2018278);
      }
      const id = `m_${randomBytes(16).toString('base64url')}`;
      sent.push({ id, pageId: page.id, to, text, messagingType: payload.messaging_type, tag: payload.tag ?? null });
      return reply(200, { recipient_id: to, message_id: id });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** META_GRAPH_URL for the app under test. */
    graphUrl: `http://127.0.0.1:${port}/v25.0`,
    sent,
    actions,
    subscribed,
    failNext: (...next: GraphFailure[]) => failures.push(...next),
    /**
     * A webhook delivery to the Page (`messenger`) or its Instagram account, in Meta's shape, and
     * its X-Hub-Signature-256 with the app secret. `minutesAgo` dates the messages (for the window).
     */
    delivery(
      surface: 'messenger' | 'instagram',
      page: FakePage,
      appSecret: string,
      events: Array<
        | { from: string; text?: string; attachment?: string; id?: string; echo?: boolean; minutesAgo?: number }
        | { from: string; reaction: { mid: string; action: 'react' | 'unreact'; reaction?: string; emoji?: string } }
      >,
    ) {
      const account = surface === 'messenger' ? page.id : (page.instagram?.id ?? '');
      const messaging = events.map((event) => {
        const timestamp = Date.now() - ('minutesAgo' in event ? (event.minutesAgo ?? 0) : 0) * 60_000;
        if (surface === 'instagram') instagramSenders.add(event.from);
        if ('reaction' in event) return { sender: { id: event.from }, recipient: { id: account }, timestamp, reaction: event.reaction };
        if (!event.echo) lastWrote.set(event.from, Math.max(lastWrote.get(event.from) ?? 0, timestamp));
        const sender = event.echo ? account : event.from;
        const recipient = event.echo ? event.from : account;
        const message = {
          mid: event.id ?? `m_${randomBytes(12).toString('base64url')}`,
          ...(event.text !== undefined ? { text: event.text } : {}),
          ...(event.attachment
            ? { attachments: [{ type: event.attachment, payload: { url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1' } }] }
            : {}),
          ...(event.echo ? { is_echo: true, app_id: 1517776481860111 } : {}),
        };
        return { sender: { id: sender }, recipient: { id: recipient }, timestamp, message };
      });
      const raw = JSON.stringify({ object: surface === 'messenger' ? 'page' : 'instagram', entry: [{ id: account, time: Date.now(), messaging }] });
      const ids = messaging.flatMap((event) => ('message' in event && event.message ? [event.message.mid] : []));
      return { raw, ids, signature: `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
