import { WorkerLimitError, WorkerPool } from '../../lib/worker-pool.js';
import type { Candidate, PageAnswer, PageWork, SiteSpec } from './page-work.js';

/** The longest one piece of a crawl's reading may take (a page of 2 MB reads in about three seconds). */
const WORK_TIMEOUT_MS = 15_000;
/** Each worker's heap: a page of 2 MB, parsed and converted, fits well within it. */
const WORKER_HEAP_MB = 256;

/** A piece of reading that could not be done: too long or too much memory, or markup that makes no text. */
export class PageReadError extends Error {
  override name = 'PageReadError';
  constructor(
    readonly reason: 'too-complex' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

type Answer<K extends PageAnswer['kind']> = Extract<PageAnswer, { kind: K }>;

/** One crawl's reading: its pieces go to the pool one after another, so a crawl holds at most one worker. */
export interface SiteReader {
  rules(): Promise<Answer<'rules'>>;
  addresses(addresses: string[]): Promise<Array<Candidate | null>>;
  sitemap(body: Buffer, budget: number): Promise<Answer<'sitemap'>>;
  page(body: Buffer, address: string): Promise<Answer<'page'>>;
}

const copyOf = (body: Buffer) => {
  const copy = new Uint8Array(body.byteLength);
  copy.set(body);
  return copy;
};

/**
 * Reads what a crawl fetched in worker threads (docs/decisions/0028): robots.txt's rules, sitemaps,
 * pages and the owner's patterns are all the site's or the owner's to make costly, so each piece
 * runs in a worker with its own heap and a hard time limit. Each crawl or import reads one piece at a
 * time, and the pool keeps a warm worker for each crawl that may run at once, so one hostile site
 * costs one worker and its own crawl's time, never another tenant's reading or the event loop.
 */
export class PageReader {
  private readonly pool: WorkerPool<PageWork, PageAnswer>;

  constructor(readers: number) {
    this.pool = new WorkerPool({ entry: { callerUrl: import.meta.url, name: 'page-worker' }, heapMb: WORKER_HEAP_MB, maxIdle: readers });
  }

  /** The reading of one site, for one crawl or import. */
  forSite(site: SiteSpec, signal?: AbortSignal): SiteReader {
    let last: Promise<unknown> = Promise.resolve();
    const run = <K extends PageAnswer['kind']>(work: PageWork, transfer: ArrayBuffer[] = []): Promise<Answer<K>> => {
      const next = last.then(
        () => this.run<K>(work, transfer, signal),
        () => this.run<K>(work, transfer, signal),
      );
      last = next.catch(() => undefined);
      return next;
    };
    return {
      rules: () => run<'rules'>({ kind: 'rules', site }),
      addresses: async (addresses) => (await run<'addresses'>({ kind: 'addresses', site, addresses })).candidates,
      sitemap: (body, budget) => {
        const bytes = copyOf(body);
        return run<'sitemap'>({ kind: 'sitemap', site, body: bytes, budget }, [bytes.buffer]);
      },
      page: (body, address) => {
        const bytes = copyOf(body);
        return run<'page'>({ kind: 'page', site, body: bytes, address }, [bytes.buffer]);
      },
    };
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async run<K extends PageAnswer['kind']>(work: PageWork, transfer: ArrayBuffer[], signal: AbortSignal | undefined): Promise<Answer<K>> {
    let answer: PageAnswer;
    try {
      answer = await this.pool.run(work, { timeoutMs: WORK_TIMEOUT_MS, signal, transfer });
    } catch (error) {
      if (error instanceof WorkerLimitError) {
        throw new PageReadError('too-complex', `Reading it took longer than ${WORK_TIMEOUT_MS / 1000} seconds or more memory than a page may use.`);
      }
      if (signal?.aborted) throw error;
      throw new PageReadError('unreadable', error instanceof Error ? error.message : String(error));
    }
    if (answer.kind === 'unreadable') throw new PageReadError('unreadable', answer.reason);
    return answer as Answer<K>;
  }
}
