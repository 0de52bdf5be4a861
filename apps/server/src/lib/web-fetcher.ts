import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { WebsiteProblem } from '@sparks/contract';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * A fetch refused before or while it ran: the problem as a code the web app says in the owner's
 * language, and the same in English as the message.
 */
export class WebFetchError extends Error {
  override name = 'WebFetchError';
  constructor(
    readonly problem: WebsiteProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface WebFetcherOptions {
  /**
   * Loopback addresses (127.0.0.1, ::1) may be reached, on any port. Only for tests against a site
   * served on this machine: production refuses to start with it (docs/decisions/0028).
   */
  allowLoopback?: boolean;
  /** Ports besides 80 and 443 a site may be read on. */
  ports?: readonly number[];
  maxBytes?: number;
  maxRedirects?: number;
  connectTimeoutMs?: number;
  /** The longest wait for the next bytes of an answer. */
  readTimeoutMs?: number;
  /**
   * The longest one address may take in all, redirects included: a site that trickles a byte
   * every few seconds never trips the read timeout, and would hold its crawl's reader for ever.
   */
  pageTimeoutMs?: number;
  userAgent?: string;
  /** How names are resolved (DNS_SERVERS); each connection asks once and connects to the answer it checked. */
  lookup?: LookupFunction;
}

export interface FetchRequest {
  accept?: string;
  /** GET unless said; a request with a body is never sent again to a redirect's address. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The caller's own headers (an action's), sent as given after the fetcher's. */
  headers?: Record<string, string>;
  body?: { type: string; bytes: Buffer };
  /** Follow redirects only within the address's own host (an action's API), not to other hosts. */
  sameHost?: boolean;
  /** Validators of the copy read before: an unchanged page answers 304 and costs nothing. */
  etag?: string | null;
  lastModified?: string | null;
  signal?: AbortSignal;
}

export interface FetchedResource {
  /** The address the answer came from, after redirects. */
  url: string;
  status: number;
  notModified: boolean;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  body: Buffer;
}

export const CRAWLER_USER_AGENT = 'Sparks';
const DEFAULTS = { maxBytes: 2 * 1024 * 1024, maxRedirects: 5, connectTimeoutMs: 5_000, readTimeoutMs: 10_000, pageTimeoutMs: 30_000 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const LOOPBACK = ['127.0.0.1', '::1'];

const decoderOf = (encoding: string | undefined) =>
  encoding === 'gzip' || encoding === 'x-gzip'
    ? createGunzip()
    : encoding === 'deflate'
      ? createInflate()
      : encoding === 'br'
        ? createBrotliDecompress()
        : null;

/**
 * Calls public web addresses for a Spark, and nothing else: a website's pages (decision 0028) and an
 * action's API (decision 0042). Every
 * connection goes through an agent that checks the address it actually connects to, after DNS and
 * on every redirect: loopback, private, link-local (169.254.169.254 and its other spellings, which
 * the URL parser turns into the same address), unique-local, multicast and unspecified addresses
 * are refused. The check happens on the resolution the socket connects with, so a name that
 * resolves to a public address first and a private one later cannot slip through between a check
 * and a use. Answers are capped in size (after decompression) and time.
 */
export class WebFetcher {
  private readonly options: Required<Omit<WebFetcherOptions, 'ports' | 'lookup'>> & { ports: readonly number[] };
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(options: WebFetcherOptions = {}) {
    this.options = { ...DEFAULTS, allowLoopback: false, userAgent: CRAWLER_USER_AGENT, ports: [], ...options };
    const filter = {
      allowPrivateIPAddress: false,
      allowMetaIPAddress: false,
      allowIPAddressList: this.options.allowLoopback ? LOOPBACK : [],
      denyIPAddressList: [],
    };
    const agent = { keepAlive: false, ...filter, ...(options.lookup ? { lookup: options.lookup } : {}) };
    this.agents = { http: new RequestFilteringHttpAgent(agent), https: new RequestFilteringHttpsAgent(agent) };
  }

  /** Whether this address is loopback that the loopback setting lets through (tests only). */
  allowsLoopback(host: string): boolean {
    return this.options.allowLoopback && LOOPBACK.includes(host);
  }

  /** Refuses an address no crawl may ask for, before any connection: the scheme, credentials and port. */
  checkAddress(address: string | URL): URL {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new WebFetchError({ code: 'scheme' }, 'This is not a web address.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebFetchError({ code: 'scheme' }, 'Only http and https addresses can be read.');
    if (url.username || url.password) throw new WebFetchError({ code: 'credentials' }, 'Addresses with a user name or password are not read.');
    const port = url.port === '' ? null : Number(url.port);
    const loopback = this.options.allowLoopback && LOOPBACK.includes(url.hostname.replace(/^\[|\]$/g, ''));
    if (port !== null && port !== 80 && port !== 443 && !this.options.ports.includes(port) && !loopback) {
      throw new WebFetchError({ code: 'port', limit: port }, `Port ${port} is not read: only the web's usual ports (80 and 443).`);
    }
    url.hash = '';
    return url;
  }

  /**
   * Reads one address, following redirects, within the page's time in all (`pageTimeoutMs`). The
   * one outbound rule: a website's pages and an action's API calls both go through it.
   */
  async get(address: string | URL, request: FetchRequest = {}): Promise<FetchedResource> {
    let url = this.checkAddress(address);
    const budget = AbortSignal.timeout(this.options.pageTimeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, budget]) : budget;
    const timed = { ...request, signal };
    try {
      for (let redirects = 0; ; redirects += 1) {
        const answer = await this.once(url, timed);
        const location = answer.headers.location;
        // A request that carries a body is not replayed elsewhere: its answer, the redirect, is what came back.
        if (!REDIRECTS.has(answer.status) || !location || request.body) return await this.read(url, answer, timed);
        answer.stream.resume();
        if (redirects >= this.options.maxRedirects)
          throw new WebFetchError({ code: 'redirects', limit: this.options.maxRedirects }, `More than ${this.options.maxRedirects} redirects.`);
        const next = new URL(location, url);
        if (request.sameHost && next.host !== url.host)
          throw new WebFetchError({ code: 'redirects', host: next.host }, `${url.host} redirected to another host (${next.host}), which is not followed.`);
        url = this.checkAddress(next);
      }
    } catch (error) {
      // The page's own time ran out (not the caller's): said as such, whatever the socket reported.
      if (budget.aborted && !request.signal?.aborted) {
        const seconds = Math.round(this.options.pageTimeoutMs / 1000);
        throw new WebFetchError({ code: 'too-slow', host: url.host, limit: seconds }, `${url.host} took longer than ${seconds} seconds to send the page.`);
      }
      throw error;
    }
  }

  private once(url: URL, request: FetchRequest): Promise<{ status: number; headers: http.IncomingHttpHeaders; stream: http.IncomingMessage }> {
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {
      'user-agent': this.options.userAgent,
      accept: request.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
      ...request.headers,
    };
    if (request.etag) headers['if-none-match'] = request.etag;
    if (request.lastModified) headers['if-modified-since'] = request.lastModified;
    if (request.body) Object.assign(headers, { 'content-type': request.body.type, 'content-length': String(request.body.bytes.length) });
    return new Promise((resolve, reject) => {
      const call = client.request(url, {
        method: request.method ?? 'GET',
        headers,
        agent: url.protocol === 'https:' ? this.agents.https : this.agents.http,
        signal: request.signal,
      });
      const connectTimer = setTimeout(
        () => call.destroy(new WebFetchError({ code: 'timeout', host: url.host }, `${url.host} did not answer in time.`)),
        this.options.connectTimeoutMs,
      );
      call.on('socket', (socket) => {
        if (!socket.connecting) clearTimeout(connectTimer);
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      const stalled = () => new WebFetchError({ code: 'stalled', host: url.host }, `${url.host} stopped answering.`);
      call.setTimeout(this.options.readTimeoutMs, () => call.destroy(stalled()));
      call.on('response', (response) => {
        clearTimeout(connectTimer);
        // A body that stops coming ends the read with the reason, not with the stream's own "aborted".
        response.setTimeout(this.options.readTimeoutMs, () => response.destroy(stalled()));
        resolve({ status: response.statusCode ?? 0, headers: response.headers, stream: response });
      });
      call.on('error', (error) => {
        clearTimeout(connectTimer);
        reject(problemOf(error, url));
      });
      call.end(request.body?.bytes);
    });
  }

  private async read(
    url: URL,
    answer: { status: number; headers: http.IncomingHttpHeaders; stream: http.IncomingMessage },
    request: FetchRequest,
  ): Promise<FetchedResource> {
    const { headers, stream } = answer;
    const max = this.options.maxBytes;
    const megabytes = Math.round(max / 1024 / 1024);
    const tooLarge = () => new WebFetchError({ code: 'too-large', limit: megabytes }, `The page is larger than ${megabytes} MB.`);
    if (Number(headers['content-length'] ?? 0) > max && !headers['content-encoding']) {
      stream.destroy();
      throw tooLarge();
    }
    const decoder = decoderOf(headers['content-encoding']?.toLowerCase());
    const source: Readable = decoder ? stream.pipe(decoder) : stream;
    stream.on('error', (error) => decoder?.destroy(error));
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of source) {
        size += (chunk as Buffer).length;
        if (size > max) throw tooLarge();
        chunks.push(chunk as Buffer);
        if (request.signal?.aborted) throw new WebFetchError({ code: 'interrupted' }, 'The crawl was stopped.');
      }
    } catch (error) {
      stream.destroy();
      throw error instanceof WebFetchError ? error : problemOf(error, url);
    }
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : null;
    };
    return {
      url: url.href,
      status: answer.status,
      notModified: answer.status === 304,
      contentType: header('content-type'),
      etag: header('etag'),
      lastModified: header('last-modified'),
      body: Buffer.concat(chunks),
    };
  }
}

/** Node's error codes of a secure connection that failed: the site does not speak TLS on this port, or not properly. */
const TLS_FAILURE = /^(?:EPROTO|ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_)/;

/**
 * A socket's error as the owner reads it, by its code, never the system's own text (which reads
 * "write EPROTO …ssl3_get_record:wrong version number" to a baker); the filtering agent's refusal
 * names the address it would not connect to.
 */
function problemOf(error: unknown, url: URL): WebFetchError {
  if (error instanceof WebFetchError) return error;
  const host = isIP(url.hostname) ? url.hostname : url.host;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (/is not allowed/i.test(message)) {
    return new WebFetchError({ code: 'address', host: url.hostname }, `${url.hostname} is a private or local address; only public websites can be read.`);
  }
  if (error instanceof Error && error.name === 'AbortError') return new WebFetchError({ code: 'interrupted' }, 'The crawl was stopped.');
  if (typeof code === 'string') {
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA')
      return new WebFetchError({ code: 'dns', host }, `${host} was not found: check the address.`);
    if (code === 'ECONNREFUSED') return new WebFetchError({ code: 'refused', host }, `${host} refused the connection.`);
    if (TLS_FAILURE.test(code)) return new WebFetchError({ code: 'tls', host }, `${host} did not answer over a secure connection (https).`);
    if (code === 'ETIMEDOUT') return new WebFetchError({ code: 'timeout', host }, `${host} did not answer in time.`);
  }
  return new WebFetchError({ code: 'network', host }, `The connection to ${host} broke off.`);
}
