import type { ChatTurn } from '@sparks/contract';
import { API_BASE_PATH } from '@sparks/contract/constants';
import { ApiError, NETWORK_ERROR_MESSAGE, apiErrorOfAnswer } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { chatCalls, type TurnRequest } from './chat-calls';
import { readTurnStream, type TurnHandlers } from './read-turn-stream';
import { toChatTurn } from './to-chat-turn';

export interface StreamTurnDeps {
  fetch: typeof fetch;
  accessToken(): string | null;
  /** The same turn through the JSON client, which refreshes an expired token and retries. */
  asJson(request: TurnRequest): Promise<unknown>;
  baseURL: string;
}

const browserDeps: StreamTurnDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  accessToken: () => useSession.getState().accessToken,
  asJson: chatCalls.turnAsJson,
  baseURL: API_BASE_PATH,
};

/** A refused turn reads its body where every other call does; an unreadable body still tells its status. */
async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return apiErrorOfAnswer({ status: response.status, text });
}

/**
 * Sends one chat turn and follows the answer as it is written. The JSON client cannot read a
 * stream, so this uses fetch; a 403 before the stream starts means the access token expired,
 * and the turn is then sent once through the JSON client, which refreshes it.
 */
export async function streamTurn(request: TurnRequest, handlers: TurnHandlers, signal?: AbortSignal, deps: StreamTurnDeps = browserDeps): Promise<ChatTurn> {
  const token = deps.accessToken();
  let response: Response;
  try {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    response = await deps.fetch(`${deps.baseURL}${request.path}${query}`, {
      method: request.method,
      headers: {
        Accept: 'text/event-stream',
        ...(request.body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 403) return toChatTurn(await deps.asJson(request));
  if (!response.ok) throw await errorOf(response);
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    const body = (await response.json()) as { data?: unknown };
    return toChatTurn(body.data ?? body);
  }
  return readTurnStream(response.body, handlers);
}
