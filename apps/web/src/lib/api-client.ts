import { API_BASE_PATH, STORAGE_KEYS, TIMINGS_MS, XSRF } from '@sparks/contract';
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';

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
  getAccessToken?: () => string | null;
}

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

const readStoredToken = (): string | null => {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS.accessToken) ?? null;
  } catch {
    return null;
  }
};

/** The client of spec §7: base /api/v1, bearer token, XSRF cookie/header, `data` unwrapped, errors joined. */
export function createApiClient({ baseURL = API_BASE_PATH, getAccessToken = readStoredToken }: ApiClientOptions = {}) {
  const http = axios.create({
    baseURL,
    timeout: TIMINGS_MS.requestTimeout,
    headers: { Accept: 'application/json' },
    xsrfCookieName: XSRF.cookieName,
    xsrfHeaderName: XSRF.headerName,
  });
  http.interceptors.request.use((config) => {
    const token = getAccessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    try {
      const response = await http.request(config);
      return unwrap(response.data) as T;
    } catch (error) {
      const apiError = toApiError(error);
      console.warn(`[api] ${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''} failed: ${apiError.message}`);
      throw apiError;
    }
  }

  return {
    http,
    get: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'get', url }),
    post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'post', url, data }),
    patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'patch', url, data }),
    delete: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'delete', url }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient = createApiClient();
