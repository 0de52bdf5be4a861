import { API_BASE_PATH, TIMINGS_MS, XSRF } from '@sparks/contract/constants';
import { ERROR_CODES } from '@sparks/contract/error-codes';
import { AUTH_MESSAGES } from '@sparks/contract/messages';
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { useErrorDialog } from './error-dialog-store';
import { queryClient } from './query-client';
import { useSession, type SessionStore, type StoredTokens } from './session-store';

export const NETWORK_ERROR_MESSAGE = 'Network Error';

/** One failed call: the server's messages joined with ', ' (spec §7), plus status and code when there was an answer. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseURL?: string;
  session?: SessionStore;
  /** Called after a failed refresh has cleared the session (the app sends the user to /auth). */
  onSessionEnded?: () => void;
  /** Called when the server says the account is blocked (inactive, or its trial ended): the app re-reads the profile to show why. */
  onAccountBlocked?: () => void;
}

/** The codes with which the server blocks a whole account, not just one action. */
const ACCOUNT_BLOCKED_CODES: ReadonlySet<string> = new Set([ERROR_CODES.TENANT_INACTIVE, ERROR_CODES.TRIAL_ENDED]);

type RetriableConfig = AxiosRequestConfig & { retriedAfterRefresh?: boolean };

function unwrap(body: unknown): unknown {
  return body !== null && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
}

function toApiError(error: unknown): ApiError {
  if (!(error instanceof AxiosError) || !error.response) return new ApiError(NETWORK_ERROR_MESSAGE);
  const body = error.response.data as { errors?: unknown; code?: unknown; message?: unknown } | undefined;
  const messages = Array.isArray(body?.errors) ? body.errors.map(String) : [];
  const message = messages.length > 0 ? messages.join(', ') : typeof body?.message === 'string' ? body.message : error.message;
  return new ApiError(message, error.response.status, typeof body?.code === 'string' ? body.code : undefined);
}

/** The client of spec §7: base /api/v1, bearer token, XSRF cookie/header, `data` unwrapped, errors joined. */
export function createApiClient({ baseURL = API_BASE_PATH, session = useSession, onSessionEnded, onAccountBlocked }: ApiClientOptions = {}) {
  const http = axios.create({
    baseURL,
    timeout: TIMINGS_MS.requestTimeout,
    headers: { Accept: 'application/json' },
    xsrfCookieName: XSRF.cookieName,
    xsrfHeaderName: XSRF.headerName,
  });
  http.interceptors.request.use((config) => {
    const token = session.getState().accessToken;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  let refreshing: Promise<void> | null = null;

  /** Spec §4: the first request that meets a 403 refreshes; the others wait for that same refresh. */
  function refreshOnce(): Promise<void> {
    refreshing ??= (async () => {
      const refreshToken = session.getState().refreshToken;
      if (!refreshToken) throw new ApiError(AUTH_MESSAGES.noRefreshToken);
      const response = await axios.post(`${baseURL}/auth/refresh-token`, { refresh_token: refreshToken }, { timeout: TIMINGS_MS.requestTimeout });
      session.getState().signIn(unwrap(response.data) as StoredTokens);
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(config: RetriableConfig): Promise<T> {
    const sentWith = session.getState().accessToken;
    try {
      const response = await http.request(config);
      return unwrap(response.data) as T;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 403 && !config.retriedAfterRefresh) {
        try {
          // A request sent with a token that another request has since replaced just retries.
          if (session.getState().accessToken === sentWith) await refreshOnce();
        } catch {
          session.getState().signOut('expired');
          onSessionEnded?.();
          throw apiError;
        }
        return request<T>({ ...config, retriedAfterRefresh: true });
      }
      if (apiError.code && ACCOUNT_BLOCKED_CODES.has(apiError.code)) onAccountBlocked?.();
      console.warn(`[api] ${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''} failed: ${apiError.message}`);
      throw apiError;
    }
  }

  return {
    http,
    get: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'get', url }),
    post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'post', url, data }),
    patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'patch', url, data }),
    put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'put', url, data }),
    delete: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'delete', url }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient = createApiClient({
  onSessionEnded: () => {
    if (typeof window !== 'undefined') window.location.replace('/auth');
  },
  // Blocked while signed in (spec §4 "user disabled"): the profile now says why, and the modal follows it.
  onAccountBlocked: () => {
    // Before the caller's own error handling runs, so no generic error dialog covers the blocking modal.
    useErrorDialog.getState().setBlocked(true);
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  },
});
