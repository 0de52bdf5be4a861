import { API_BASE_PATH, TIMINGS_MS } from '@sparks/contract/constants';
import { ERROR_CODES } from '@sparks/contract/error-codes';
import { readFileMismatch, type FileMismatch } from '@sparks/contract/file-mismatch';
import { AUTH_MESSAGES } from '@sparks/contract/messages';
import { useErrorDialog } from './error-dialog-store';
import { deadline, send, xsrfHeader } from './http-transport';
import { NoAnswerError } from './no-answer-error';
import { queryClient } from './query-client';
import { useSession, type SessionStore, type StoredTokens } from './session-store';
import type { UploadProgress, WireAnswer } from './wire-request';

export const NETWORK_ERROR_MESSAGE = 'Network Error';

/**
 * One failed call: the server's messages joined with ', ' (product.md §7), plus status and code
 * when there was an answer, and what a refused upload claimed and held.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly mismatch?: FileMismatch,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseURL?: string;
  session?: SessionStore;
  /** How long a call may wait for its answer; 0 waits for ever. */
  timeoutMs?: number;
  /** Called after a failed refresh has cleared the session (the app sends the user to /auth). */
  onSessionEnded?: () => void;
  /** Called when the server says the account is blocked (inactive, or its trial ended): the app re-reads the profile to show why. */
  onAccountBlocked?: () => void;
  /** The browser's Web Locks, shared by the tabs of this site; without them a tab refreshes on its own. */
  locks?: Pick<LockManager, 'request'>;
}

/** The Web Lock under which one tab at a time spends the refresh token. */
export const REFRESH_LOCK = 'sparks-token-refresh';

/** What a caller may set on one call. */
export interface RequestOptions {
  /** Another base than the client's, for the few paths outside /api/v1. */
  baseURL?: string;
  /** Set here, they win over the client's own (a one-time token in place of the session's). */
  headers?: Record<string, string>;
  params?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Overrides the client's time-out for this call; 0 waits for ever. */
  timeout?: number;
  /** 'text' hands back the body as sent; otherwise JSON is parsed when the body is JSON. */
  responseType?: 'json' | 'text';
  onUploadProgress?: (progress: UploadProgress) => void;
}

interface Call extends RequestOptions {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  data?: unknown;
  retriedAfterRefresh?: boolean;
}

/** The codes with which the server blocks a whole account, not just one action. */
const ACCOUNT_BLOCKED_CODES: ReadonlySet<string> = new Set([ERROR_CODES.TENANT_INACTIVE, ERROR_CODES.TRIAL_ENDED]);

function unwrap(body: unknown): unknown {
  return body !== null && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
}

/** Paths join their base with exactly one slash; an absolute address is taken as it is. */
function address(baseURL: string, url: string, params: RequestOptions['params']): string {
  const joined = /^[a-z][a-z\d+\-.]*:\/\//i.test(url) ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined && value !== null) query.append(name, String(value));
  const search = query.toString();
  return search ? `${joined}${joined.includes('?') ? '&' : '?'}${search}` : joined;
}

/** Bodies the browser sends as they are (files, forms); anything else travels as JSON. */
function isRawBody(data: unknown): data is BodyInit {
  return (
    typeof data === 'string' ||
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );
}

function parse(text: string, responseType: RequestOptions['responseType']): unknown {
  if (responseType === 'text' || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one reading of the server's error body (`errorBodySchema`: `{ errors, code, status, mismatch? }`), for
 * a JSON answer, a stream's `error` event or a refused stream alike: its messages joined, its code,
 * and its status unless the answer's own is known. Anything else gives `fallback`. Read by hand,
 * not with the schema, so the first screen loads no zod.
 */
export function apiErrorFrom(body: unknown, options: { status?: number | undefined; fallback: string }): ApiError {
  const fields = (body !== null && typeof body === 'object' ? body : {}) as {
    errors?: unknown;
    code?: unknown;
    status?: unknown;
    message?: unknown;
    mismatch?: unknown;
  };
  const messages = Array.isArray(fields.errors) ? fields.errors.map(String) : [];
  const message = messages.length > 0 ? messages.join(', ') : typeof fields.message === 'string' ? fields.message : options.fallback;
  const status = options.status ?? (typeof fields.status === 'number' ? fields.status : undefined);
  return new ApiError(message, status, typeof fields.code === 'string' ? fields.code : undefined, readFileMismatch(fields.mismatch));
}

/**
 * A failed answer as every caller reports it: its body read by `apiErrorFrom`, or, when the body
 * says nothing, its status. The JSON client and the chat's stream both come here, so a refusal
 * reads the same whichever way the request went.
 */
export const apiErrorOfAnswer = ({ status, text }: WireAnswer): ApiError =>
  apiErrorFrom(parse(text, 'json'), { status, fallback: `Request failed with status code ${status}` });

/** Sends one call and reads its answer; only a 2xx is a success. */
async function exchange(call: Call, baseURL: string, timeoutMs: number, headers: Record<string, string>): Promise<unknown> {
  const url = address(call.baseURL ?? baseURL, call.url, call.params);
  const raw = isRawBody(call.data);
  const body = call.data === undefined ? undefined : raw ? (call.data as BodyInit) : JSON.stringify(call.data);
  const limit = deadline(call.timeout ?? timeoutMs, call.signal);
  try {
    const answer = await send({
      method: call.method,
      url,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !raw ? { 'Content-Type': 'application/json' } : {}),
        ...xsrfHeader(url),
        ...headers,
        ...call.headers,
      },
      body,
      signal: limit.signal,
      onUploadProgress: call.onUploadProgress,
    });
    if (answer.status < 200 || answer.status >= 300) throw apiErrorOfAnswer(answer);
    return parse(answer.text, call.responseType);
  } catch (error) {
    throw error instanceof NoAnswerError ? new ApiError(NETWORK_ERROR_MESSAGE) : error;
  } finally {
    limit.done();
  }
}

/** The client of product.md §7: base /api/v1, bearer token, XSRF cookie/header, `data` unwrapped, errors joined. */
export function createApiClient({
  baseURL = API_BASE_PATH,
  session = useSession,
  timeoutMs = TIMINGS_MS.requestTimeout,
  onSessionEnded,
  onAccountBlocked,
  locks = globalThis.navigator?.locks,
}: ApiClientOptions = {}) {
  let refreshing: Promise<void> | null = null;

  /**
   * product.md §4: the first request that meets a 403 refreshes; the others wait for that same refresh.
   * Tabs share the tokens in storage, so tabs take turns under a Web Lock: a tab that waited finds
   * the tokens the other stored and uses them instead of spending the old refresh token twice,
   * which the server treats as theft and answers by ending the session (decision 0004).
   */
  function refreshOnce(): Promise<void> {
    const refresh = async () => {
      if (session.getState().adoptStored()) return;
      const refreshToken = session.getState().refreshToken;
      if (!refreshToken) throw new ApiError(AUTH_MESSAGES.noRefreshToken);
      const tokens = await exchange({ method: 'POST', url: '/auth/refresh-token', data: { refresh_token: refreshToken } }, baseURL, timeoutMs, {});
      session.getState().signIn(unwrap(tokens) as StoredTokens);
    };
    refreshing ??= (locks ? locks.request(REFRESH_LOCK, refresh).then(() => undefined) : refresh()).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(call: Call): Promise<T> {
    const sentWith = session.getState().accessToken;
    try {
      return unwrap(await exchange(call, baseURL, timeoutMs, sentWith ? { Authorization: `Bearer ${sentWith}` } : {})) as T;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(NETWORK_ERROR_MESSAGE);
      // A role's refusal (FORBIDDEN) is no expired token: a new one would be refused the same.
      if (apiError.status === 403 && apiError.code !== 'FORBIDDEN' && !call.retriedAfterRefresh) {
        try {
          // A request sent with a token that another request has since replaced just retries.
          if (session.getState().accessToken === sentWith) await refreshOnce();
        } catch {
          session.getState().signOut('expired');
          onSessionEnded?.();
          throw apiError;
        }
        return request<T>({ ...call, retriedAfterRefresh: true });
      }
      if (apiError.code && ACCOUNT_BLOCKED_CODES.has(apiError.code)) onAccountBlocked?.();
      console.warn(`[api] ${call.method} ${call.url} failed: ${apiError.message}`);
      throw apiError;
    }
  }

  return {
    timeoutMs,
    get: <T>(url: string, options?: RequestOptions) => request<T>({ ...options, method: 'GET', url }),
    post: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>({ ...options, method: 'POST', url, data }),
    patch: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>({ ...options, method: 'PATCH', url, data }),
    put: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>({ ...options, method: 'PUT', url, data }),
    delete: <T>(url: string, options?: RequestOptions) => request<T>({ ...options, method: 'DELETE', url }),
    send: <T>(method: Call['method'], url: string, data?: unknown, options?: RequestOptions) => request<T>({ ...options, method, url, data }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

// Several requests of one page fail together when a session ends; one navigation, or each replace aborts the last.
let leavingForAuth = false;

export const apiClient = createApiClient({
  onSessionEnded: () => {
    if (typeof window === 'undefined' || leavingForAuth) return;
    leavingForAuth = true;
    window.location.replace('/auth');
  },
  // Blocked while signed in (product.md §4 "user disabled"): the profile now says why, and the modal follows it.
  onAccountBlocked: () => {
    // Before the caller's own error handling runs, so no generic error dialog covers the blocking modal.
    useErrorDialog.getState().setBlocked(true);
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  },
});
