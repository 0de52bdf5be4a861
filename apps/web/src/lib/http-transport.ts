import { XSRF } from '@sparks/contract/constants';
import { NoAnswerError } from './no-answer-error';
import type { WireAnswer, WireRequest } from './wire-request';

function cookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/** The XSRF cookie goes back as a header, to this site only: another origin must never see it. */
export function xsrfHeader(url: string): Record<string, string> {
  if (typeof location === 'undefined') return {};
  const token = new URL(url, location.href).origin === location.origin ? cookie(XSRF.cookieName) : undefined;
  return token ? { [XSRF.headerName]: token } : {};
}

/**
 * A signal that aborts when the caller's does or when the time is up (0 waits for ever). `done`
 * clears the timer once the answer has been read, so a finished call holds nothing open.
 */
export function deadline(timeoutMs: number, callerSignal?: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) abort();
  else callerSignal?.addEventListener('abort', abort, { once: true });
  const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(new Error(`timeout of ${timeoutMs}ms exceeded`)), timeoutMs) : undefined;
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abort);
    },
  };
}

/**
 * Sends with fetch. Only fetch cannot report upload progress, so a request that asks for it goes
 * through XMLHttpRequest, loaded on first use: the first screen never needs it.
 */
export async function send(request: WireRequest): Promise<WireAnswer> {
  if (request.onUploadProgress) {
    const { sendWithProgress } = await import('./xhr-upload');
    return sendWithProgress(request);
  }
  try {
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    throw new NoAnswerError(error);
  }
}
