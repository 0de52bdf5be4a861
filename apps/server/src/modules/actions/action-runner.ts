import type { ActionInput, ActionTrial } from '@sparks/contract';
import type { StoredActionDoes } from '../../db/actions-schema.js';
import { WebFetchError, type WebFetcher } from '../../lib/web-fetcher.js';
import type { Mailer } from '../../mail/mailer.js';
import { detailsEmail } from './action-details.js';
import { UnsafeInput, renderBody, renderReply, renderUrl } from './action-template.js';

/** What a run did: the request as sent (secrets masked), the answer, what the visitor reads, and whether it worked. */
export interface ActionOutcome {
  request: ActionTrial['request'];
  response: ActionTrial['response'];
  reply: string;
  ok: boolean;
  httpStatus: number | null;
  problem: string | null;
  durationMs: number;
}

const MASK = '••••••';
/** What the log and "Try it" show of an answer: its start. */
const SHOWN_CHARS = 4000;

/**
 * Runs an action's call (docs/decisions/0042) through the one outbound rule (`lib/web-fetcher.ts`):
 * public addresses only, checked where it connects after DNS and every redirect, redirects kept to
 * the API's own host, the whole call within its time and its answer within its size. The answer is
 * read as data: its fields go into the reply template as text, nothing in it is followed.
 */
export class ActionRunner {
  constructor(
    private readonly fetcher: WebFetcher,
    private readonly mailer: Mailer,
  ) {}

  async run(
    action: { name: string; inputs: ActionInput[]; does: StoredActionDoes },
    values: Record<string, string>,
    secrets: Record<string, string>,
  ): Promise<ActionOutcome> {
    const { does, inputs } = action;
    if (does.kind === 'send') return this.send(action.name, inputs, does, values);
    const started = Date.now();
    let url: string;
    try {
      url = renderUrl(does.url, values);
    } catch (error) {
      if (!(error instanceof UnsafeInput)) throw error;
      const request = { method: does.kind === 'api' ? does.method : 'LINK', url: does.url, headers: {}, body: null };
      return {
        request,
        response: null,
        reply: does.kind === 'api' ? does.fallback : does.reply,
        ok: false,
        httpStatus: null,
        problem: error.message,
        durationMs: 0,
      };
    }
    if (does.kind === 'link') {
      const reply = renderReply(does.reply, {}, { ...values, link: url }) ?? url;
      return {
        request: { method: 'LINK', url, headers: {}, body: null },
        response: null,
        reply: reply.includes(url) ? reply : `${reply} ${url}`,
        ok: true,
        httpStatus: null,
        problem: null,
        durationMs: 0,
      };
    }
    const headers = Object.fromEntries(does.headers.map((header) => [header.name, header.secret ? (secrets[header.name] ?? '') : (header.value ?? '')]));
    const shownHeaders = Object.fromEntries(does.headers.map((header) => [header.name, header.secret ? MASK : (header.value ?? '')]));
    const body = does.body !== null && does.method !== 'GET' ? renderBody(does.body, values, inputs) : null;
    const request = { method: does.method, url, headers: shownHeaders, body };
    const failed = (problem: string, response: ActionTrial['response'] = null): ActionOutcome => ({
      request,
      response,
      reply: does.fallback,
      ok: false,
      httpStatus: response?.status ?? null,
      problem,
      durationMs: Date.now() - started,
    });
    let answer;
    try {
      answer = await this.fetcher.get(url, {
        method: does.method,
        accept: 'application/json',
        headers,
        sameHost: true,
        ...(body !== null ? { body: { type: 'application/json', bytes: Buffer.from(body) } } : {}),
      });
    } catch (error) {
      if (error instanceof WebFetchError) return failed(error.message);
      throw error;
    }
    const text = answer.body.toString('utf8');
    const response = { status: answer.status, body: text.slice(0, SHOWN_CHARS) };
    if (answer.status < 200 || answer.status > 299) return failed(`The API answered ${answer.status}.`, response);
    let data: unknown;
    try {
      data = text.trim() ? JSON.parse(text) : {};
    } catch {
      return failed('The API’s answer is not JSON.', response);
    }
    const reply = renderReply(does.reply, data, values);
    if (reply === null) return failed('The API’s answer lacks a field the reply names.', response);
    return { request, response, reply, ok: true, httpStatus: answer.status, problem: null, durationMs: Date.now() - started };
  }

  /** Sends the visitor's details to the team: the e-mail, then the webhook (a JSON POST of the action's name and the details). */
  private async send(
    name: string,
    inputs: readonly ActionInput[],
    does: Extract<StoredActionDoes, { kind: 'send' }>,
    values: Record<string, string>,
  ): Promise<ActionOutcome> {
    const started = Date.now();
    const body = JSON.stringify({ action: name, details: values, at: new Date().toISOString() });
    const request = { method: does.webhook ? 'POST' : 'EMAIL', url: does.webhook ?? `mailto:${does.email}`, headers: {}, body: does.webhook ? body : null };
    const done = (ok: boolean, httpStatus: number | null, problem: string | null, response: ActionTrial['response'] = null): ActionOutcome => ({
      request,
      response,
      reply: ok ? (renderReply(does.reply, {}, values) ?? does.fallback) : does.fallback,
      ok,
      httpStatus,
      problem,
      durationMs: Date.now() - started,
    });
    if (does.email) {
      try {
        await this.mailer.send(detailsEmail(does.email, { name, inputs }, values));
      } catch {
        return done(false, null, 'The e-mail with the details could not be sent.');
      }
    }
    if (!does.webhook) return done(true, null, null);
    try {
      const answer = await this.fetcher.get(does.webhook, {
        method: 'POST',
        sameHost: true,
        accept: 'application/json',
        body: { type: 'application/json', bytes: Buffer.from(body) },
      });
      const response = { status: answer.status, body: answer.body.toString('utf8').slice(0, SHOWN_CHARS) };
      return answer.status >= 200 && answer.status <= 299
        ? done(true, answer.status, null, response)
        : done(false, answer.status, `The webhook answered ${answer.status}.`, response);
    } catch (error) {
      if (error instanceof WebFetchError) return done(false, null, error.message);
      throw error;
    }
  }
}
