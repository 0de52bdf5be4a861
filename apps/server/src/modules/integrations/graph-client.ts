import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConsentRevokedError } from './microsoft-oauth.js';

/** A refusal from Graph other than throttling or consent, with its status and Graph's error code. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Hands out a bearer token, and a fresh one when Graph refuses the current one. */
export interface GraphSession {
  token(): Promise<string>;
  renew(): Promise<string>;
}

export interface GraphClientOptions {
  signal?: AbortSignal;
  /** Throttled requests are tried again this many times, waiting as Graph asks. */
  maxRetries?: number;
  /** The longest single wait honoured; a longer Retry-After fails the request instead. */
  maxWaitMs?: number;
}

export interface GraphPage<T> {
  value: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

const RETRYABLE = new Set([429, 503, 504]);
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** Seconds or an HTTP date, as Retry-After may carry; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Microsoft Graph over fetch: bearer tokens renewed once on 401, throttling (429/503 with
 * Retry-After) honoured, paging by `@odata.nextLink`. Links Graph returns are followed only on
 * Graph's own origin, so a crafted link can never carry the user's token elsewhere.
 */
export class GraphClient {
  private readonly origin: string;

  constructor(
    private readonly baseUrl: string,
    private readonly session: GraphSession,
    private readonly options: GraphClientOptions = {},
  ) {
    this.origin = new URL(baseUrl).origin;
  }

  async get<T>(pathOrLink: string): Promise<T> {
    const response = await this.request(this.urlOf(pathOrLink));
    return (await response.json()) as T;
  }

  /** Every page of a collection, following `@odata.nextLink`; the last page may carry a delta link. */
  async *pages<T>(pathOrLink: string): AsyncGenerator<GraphPage<T>> {
    let next: string | undefined = pathOrLink;
    while (next) {
      const page: GraphPage<T> = await this.get<GraphPage<T>>(next);
      yield page;
      next = page['@odata.nextLink'];
    }
  }

  /**
   * A file's bytes. Graph answers with a redirect to a pre-authenticated address, which is
   * fetched without the bearer token (it must not travel to the download host).
   */
  async download(path: string): Promise<Readable> {
    const response = await this.request(this.urlOf(path), 'manual');
    let body = response;
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      const target = location ? new URL(location, this.baseUrl) : undefined;
      if (!target || (target.protocol !== 'https:' && !(target.protocol === 'http:' && isLoopback(target))))
        throw new GraphError(502, 'badRedirect', 'The library sent an unusable download address');
      body = await fetch(target, { signal: this.options.signal });
      if (!body.ok) throw new GraphError(body.status, 'downloadFailed', `The file could not be downloaded (${body.status})`);
    }
    if (!body.body) throw new GraphError(502, 'emptyBody', 'The library sent no file');
    return Readable.fromWeb(body.body as WebReadableStream<Uint8Array>);
  }

  private urlOf(pathOrLink: string): URL {
    const url = /^https?:\/\//.test(pathOrLink) ? new URL(pathOrLink) : new URL(`${this.baseUrl}${pathOrLink}`);
    if (url.origin !== this.origin) throw new GraphError(502, 'foreignLink', 'The library sent a link to another host');
    return url;
  }

  private async request(url: URL, redirect: 'follow' | 'manual' = 'follow'): Promise<Response> {
    const { maxRetries = 4, maxWaitMs = 120_000, signal } = this.options;
    let token = await this.session.token();
    let renewed = false;
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, redirect, signal });
      if (response.ok || (redirect === 'manual' && response.status >= 300 && response.status < 400)) return response;
      if (response.status === 401 && !renewed) {
        await response.body?.cancel();
        renewed = true;
        token = await this.session.renew();
        continue;
      }
      if (response.status === 401) throw new ConsentRevokedError(await graphErrorOf(response));
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000 * 2 ** attempt;
      if (RETRYABLE.has(response.status) && attempt < maxRetries && wait <= maxWaitMs) {
        await response.body?.cancel();
        await sleep(wait, undefined, { signal });
        continue;
      }
      throw await graphErrorOf(response);
    }
  }
}

async function graphErrorOf(response: Response): Promise<GraphError> {
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown; message?: unknown } } | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : `http${response.status}`;
  const message = typeof body?.error?.message === 'string' ? body.error.message.slice(0, 300) : `The library answered ${response.status}`;
  return new GraphError(response.status, code, message);
}
