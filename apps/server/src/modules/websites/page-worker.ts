import { serveWorkerRequests } from '../../lib/serve-worker-requests.js';
import { pageWork, type PageAnswer, type PageWork } from './page-work.js';

/**
 * Worker-thread entry of a crawl's reading (`PageReader`): robots rules, sitemaps, pages and the
 * owner's patterns, one piece of work at a time, each answered.
 */
serveWorkerRequests<PageWork, PageAnswer>(pageWork);
