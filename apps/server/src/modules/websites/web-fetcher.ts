import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** Why a fetch was refused or failed, for the crawl's report to the owner. */
export type FetchProblem = 'address' | 'scheme' | 'credentials' | 'port' | 'redirects' | 'too-large' | 'timeout' | 'network';

/** A fetch refused before or while it ran; the message says why in words an owner understands. */
export class WebFetchError extends Error {
  override name = 'WebFetchError';
  constructor(
    readonly problem: FetchProblem,
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
  userAgent?: string;
  /** How names are resolved (DNS_SERVERS); each connection asks once and connects to the answer it checked. */
  lookup?: LookupFunction;
}

export interface FetchRequest {
  accept?: string;
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
const DEFAULTS = { maxBytes: 2 * 1024 * 1024, maxRedirects: 5, connectTimeoutMs: 5_000, readTimeoutMs: 10_000 };
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
 * Reads public web pages for a Spark, and nothing else (issue: a website as knowledge). Every
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
      throw new WebFetchError('scheme', 'This is not a web address.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebFetchError('scheme', 'Only http and https addresses can be read.');
    if (url.username || url.password) throw new WebFetchError('credentials', 'Addresses with a user name or password are not read.');
    const port = url.port === '' ? null : Number(url.port);
    const loopback = this.options.allowLoopback && LOOPBACK.includes(url.hostname.replace(/^\[|\]$/g, ''));
    if (port !== null && port !== 80 && port !== 443 && !this.options.ports.includes(port) && !loopback) {
      throw new WebFetchError('port', `Port ${port} is not read: only the web's usual ports (80 and 443).`);
    }
    url.hash = '';
    return url;
  }

  async get(address: string | URL, request: FetchRequest = {}): Promise<FetchedResource> {
    let url = this.checkAddress(address);
    for (let redirects = 0; ; redirects += 1) {
      const answer = await this.once(url, request);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || !location) return this.read(url, answer, request);
      answer.stream.resume();
      if (redirects >= this.options.maxRedirects) throw new WebFetchError('redirects', `More than ${this.options.maxRedirects} redirects.`);
      url = this.checkAddress(new URL(location, url));
    }
  }

  private once(url: URL, request: FetchRequest): Promise<{ status: number; headers: http.IncomingHttpHeaders; stream: http.IncomingMessage }> {
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {
      'user-agent': this.options.userAgent,
      accept: request.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
    };
    if (request.etag) headers['if-none-match'] = request.etag;
    if (request.lastModified) headers['if-modified-since'] = request.lastModified;
    return new Promise((resolve, reject) => {
      const call = client.request(url, {
        method: 'GET',
        headers,
        agent: url.protocol === 'https:' ? this.agents.https : this.agents.http,
        signal: request.signal,
      });
      const connectTimer = setTimeout(() => call.destroy(new WebFetchError('timeout', 'The site did not answer in time.')), this.options.connectTimeoutMs);
      call.on('socket', (socket) => {
        if (!socket.connecting) clearTimeout(connectTimer);
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      call.setTimeout(this.options.readTimeoutMs, () => call.destroy(new WebFetchError('timeout', 'The site stopped answering.')));
      call.on('response', (response) => {
        clearTimeout(connectTimer);
        // A body that stops coming ends the read with the reason, not with the stream's own "aborted".
        response.setTimeout(this.options.readTimeoutMs, () => response.destroy(new WebFetchError('timeout', 'The site stopped answering.')));
        resolve({ status: response.statusCode ?? 0, headers: response.headers, stream: response });
      });
      call.on('error', (error) => {
        clearTimeout(connectTimer);
        reject(problemOf(error, url));
      });
      call.end();
    });
  }

  private async read(
    url: URL,
    answer: { status: number; headers: http.IncomingHttpHeaders; stream: http.IncomingMessage },
    request: FetchRequest,
  ): Promise<FetchedResource> {
    const { headers, stream } = answer;
    const max = this.options.maxBytes;
    const tooLarge = () => new WebFetchError('too-large', `The page is larger than ${Math.round(max / 1024 / 1024)} MB.`);
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
        if (request.signal?.aborted) throw new WebFetchError('timeout', 'The crawl was stopped.');
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

/** A socket's error as the owner reads it; the filtering agent's refusal names the address it would not connect to. */
function problemOf(error: unknown, url: URL): WebFetchError {
  if (error instanceof WebFetchError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/is not allowed/i.test(message)) {
    return new WebFetchError('address', `${url.hostname} is a private or local address; only public websites can be read.`);
  }
  if (error instanceof Error && error.name === 'AbortError') return new WebFetchError('timeout', 'The crawl was stopped.');
  const host = isIP(url.hostname) ? url.hostname : url.host;
  return new WebFetchError('network', `Could not read ${host}: ${message.replace(/\s+/g, ' ').slice(0, 120)}`);
}
