import type { WhatsappProblem } from '@sparks/contract';

/** A call to Meta that failed, in the owner's terms: what kind of problem, Meta's code, and what to do. */
export class MetaProblem extends Error {
  constructor(
    readonly kind: WhatsappProblem['kind'],
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'MetaProblem';
  }

  /** Worth trying again later: Meta is slowing the number down, or could not be reached. */
  get passing(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'network';
  }
}

const TOKEN = 'Meta refused the access token: it has expired or was revoked. Create a permanent token (a System User’s) and paste it again.';
const PERMISSION = 'The access token may not send messages: give its System User the whatsapp_business_messaging permission and paste a new token.';
const WINDOW = 'More than 24 hours have passed since this customer last wrote: WhatsApp allows free replies only within 24 hours of their last message.';
const RATE = 'Meta is slowing down the messages of this number for a while: replies resume by themselves.';
const RECIPIENT = 'This number cannot receive your messages: it is not on WhatsApp, or (with Meta’s test number) it is not in the list of allowed recipients.';

/**
 * Meta's error codes, read from `error.code` (HTTP statuses vary for one code, and subcodes are
 * deprecated for WhatsApp): https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */
export function metaProblemOf(code: number | null, metaMessage: string): MetaProblem {
  if (code === 190 || code === 0) return new MetaProblem('token', code, TOKEN);
  if (code === 10 || (code !== null && code >= 200 && code <= 299)) return new MetaProblem('permission', code, PERMISSION);
  if (code === 131047) return new MetaProblem('window', code, WINDOW);
  if (code === 4 || code === 80007 || code === 130429 || code === 131056) return new MetaProblem('rate-limit', code, RATE);
  if (code === 131026 || code === 131030) return new MetaProblem('recipient', code, RECIPIENT);
  const said = metaMessage.trim().slice(0, 300);
  return new MetaProblem('meta', code, `Meta refused the message${said ? `: ${said}` : ''}${code !== null ? ` (code ${code})` : ''}.`);
}
