import { MetaProblem, metaProblemOf } from './meta-problem.js';

/** How long a call to Meta may take before it counts as unreachable. */
const CALL_TIMEOUT_MS = 15_000;

export interface Sender {
  phoneNumberId: string;
  accessToken: string;
}

/** The Cloud API's error body: `{ error: { message, type, code, error_data: { details } } }`. */
interface MetaErrorBody {
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
}

/**
 * Meta's WhatsApp Cloud API, the little of it a Spark needs: send a text from the business's
 * number and mark a customer's message read (both `POST {graph}/{phone-number-id}/messages`).
 * Every failure is a MetaProblem.
 */
export class WhatsappCloud {
  constructor(private readonly graphUrl: string) {}

  /** Sends one text; answers Meta's id of the message. */
  async sendText(sender: Sender, to: string, body: string): Promise<string> {
    const answer = await this.call(sender, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'text',
      text: { preview_url: false, body },
    });
    const id = (answer as { messages?: Array<{ id?: unknown }> }).messages?.[0]?.id;
    return typeof id === 'string' ? id : '';
  }

  /**
   * Shows the customer their message was read (two blue ticks, and every earlier one with it) and,
   * with `typing`, "typing…" until the reply is sent or 25 seconds pass: only when a reply is coming.
   */
  async markRead(sender: Sender, messageId: string, typing: boolean): Promise<void> {
    await this.call(sender, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: messageId,
      ...(typing ? { typing_indicator: { type: 'text' } } : {}),
    });
  }

  private async call(sender: Sender, payload: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.graphUrl.replace(/\/$/, '')}/${encodeURIComponent(sender.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw new MetaProblem('network', null, 'Meta could not be reached. Replies are tried again in a moment.');
    }
    const body = (await response.json().catch(() => ({}))) as MetaErrorBody;
    if (response.ok) return body;
    const code = typeof body.error?.code === 'number' ? body.error.code : null;
    const details = body.error?.error_data?.details;
    const message = typeof details === 'string' && details ? details : typeof body.error?.message === 'string' ? body.error.message : `HTTP ${response.status}`;
    throw metaProblemOf(code, message);
  }
}
