import { metaProblemOf, unreachable } from './platform-problem.js';

/** How long a call to Meta may take before it counts as unreachable. */
const CALL_TIMEOUT_MS = 15_000;
/** What the Page's webhook subscription must carry for a Spark to hear its customers. */
const SUBSCRIBED_FIELDS = 'messages,message_reactions,messaging_postbacks';

/** A Page as its token reaches it. */
export interface MetaPage {
  accessToken: string;
  pageId: string;
}

/** How a text goes out: an answer within the 24-hour window, or a person's late reply with the HUMAN_AGENT tag. */
export type MetaSendKind = 'response' | 'human-agent';

/** The Graph API's error body: `{ error: { message, type, code, error_subcode } }`. */
interface GraphErrorBody {
  error?: { message?: unknown; code?: unknown; error_subcode?: unknown };
}

/**
 * Meta's Graph API, the little of it a Spark on a Page needs: who the token belongs to, the Page's
 * Instagram account, the Page's webhook subscription, and the Send API for Messenger and Instagram
 * (`POST {graph}/{page-id}/messages`). Every failure is a PlatformProblem.
 */
export class MetaGraph {
  constructor(private readonly graphUrl: string) {}

  /** The Page the token is for (a Page token answers `me` as its Page), with its name. */
  async me(page: MetaPage): Promise<{ id: string; name: string | null }> {
    const me = (await this.call(page, 'GET', 'me?fields=id,name')) as { id?: unknown; name?: unknown };
    return { id: typeof me.id === 'string' ? me.id : '', name: typeof me.name === 'string' ? me.name : null };
  }

  /** The Instagram professional account linked to the Page, if any: its messages come through the Page. */
  async instagramOf(page: MetaPage): Promise<{ id: string; username: string | null } | null> {
    const linked = (await this.call(page, 'GET', `${encodeURIComponent(page.pageId)}?fields=instagram_business_account{id,username}`)) as {
      instagram_business_account?: { id?: unknown; username?: unknown };
    };
    const instagram = linked.instagram_business_account;
    return typeof instagram?.id === 'string' ? { id: instagram.id, username: typeof instagram.username === 'string' ? instagram.username : null } : null;
  }

  /** Subscribes the app to the Page's messages, so that Meta delivers them to the webhook. */
  async subscribe(page: MetaPage): Promise<void> {
    await this.call(page, 'POST', `${encodeURIComponent(page.pageId)}/subscribed_apps`, { subscribed_fields: SUBSCRIBED_FIELDS });
  }

  /** Sends one text to a person on Messenger or Instagram (their id on the Page); answers Meta's id of the message. */
  async sendText(page: MetaPage, to: string, text: string, kind: MetaSendKind = 'response'): Promise<string> {
    const answer = (await this.call(page, 'POST', `${encodeURIComponent(page.pageId)}/messages`, {
      recipient: { id: to },
      ...(kind === 'human-agent' ? { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' } : { messaging_type: 'RESPONSE' }),
      message: { text },
    })) as { message_id?: unknown };
    return typeof answer.message_id === 'string' ? answer.message_id : '';
  }

  /** "Seen" and "typing…" while the Spark prepares its answer: `mark_seen`, then `typing_on`. */
  async typing(page: MetaPage, to: string): Promise<void> {
    for (const action of ['mark_seen', 'typing_on'])
      await this.call(page, 'POST', `${encodeURIComponent(page.pageId)}/messages`, { recipient: { id: to }, sender_action: action });
  }

  private async call(page: MetaPage, method: 'GET' | 'POST', path: string, payload?: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.graphUrl.replace(/\/$/, '')}/${path}`, {
        method,
        headers: { authorization: `Bearer ${page.accessToken}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw unreachable('meta');
    }
    const body = (await response.json().catch(() => ({}))) as GraphErrorBody;
    if (response.ok) return body;
    const number = (value: unknown) => (typeof value === 'number' ? value : null);
    throw metaProblemOf(
      number(body.error?.code),
      number(body.error?.error_subcode),
      typeof body.error?.message === 'string' ? body.error.message : `HTTP ${response.status}`,
    );
  }
}
