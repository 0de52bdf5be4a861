import type { Deployment } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { verifiedAccount } from './accounts-helpers.js';
import { chatClient } from './chat-helpers.js';
import { documentsClient } from './documents-helpers.js';

/** The website a live test Spark is allowed on. */
export const SHOP = 'https://shop.example';
const RETURNS = Buffer.from('# Returns\n\nBicycles can be returned within 30 days of purchase with the receipt.\n');

/** The owner's deploy routes and a website visitor's widget calls, for integration tests. */
export function widgetClient(app: FastifyInstance, ownerToken: string) {
  const owner = { authorization: `Bearer ${ownerToken}` };
  return {
    deployment: async (sparkId: string): Promise<Deployment> =>
      (await app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/deploy`, headers: owner })).json().data,
    allow: (sparkId: string, allowedOrigins: unknown[]) =>
      app.inject({ method: 'PATCH', url: `/api/v1/sparks/${sparkId}/deploy`, headers: owner, payload: { allowedOrigins } }),
    rotate: (sparkId: string) => app.inject({ method: 'POST', url: `/api/v1/sparks/${sparkId}/deploy/rotate`, headers: owner }),
    conversations: (sparkId: string, q?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/sparks/${sparkId}/visitor-conversations${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
        headers: owner,
      }),
    look: (token: string, origin?: string) => app.inject({ method: 'GET', url: `/api/v1/widget/${token}/look`, headers: origin ? { origin } : {} }),
    frame: (token: string, referer?: string) => app.inject({ method: 'GET', url: `/widget/frame/${token}`, headers: referer ? { referer } : {} }),
    /** The ticket a served frame carries in its start-up settings. */
    ticketOf: (html: string): string => {
      const json = /<script type="application\/json" id="sparks-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
      if (!json) throw new Error('the frame has no settings');
      return (JSON.parse(json) as { ticket: string }).ticket;
    },
    ask: (token: string, text: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/api/v1/widget/${token}/chat`, headers, payload: { text } }),
    history: (token: string, headers: Record<string, string>) => app.inject({ method: 'GET', url: `/api/v1/widget/${token}/conversation`, headers }),
  };
}

/**
 * A new owner's Spark answering from a returns policy on one allowed website, and the ticket its
 * chat frame carries there: `ask` is a visitor's question (with their session when they have one).
 */
export async function liveWidgetSpark(app: FastifyInstance) {
  const { email, tokens } = await verifiedAccount(app);
  const token = tokens.access_token;
  const chat = chatClient(app, token);
  const spark = await chat.newSpark();
  await documentsClient(app, token).uploadReady(spark._id, 'returns.md', RETURNS);
  const widget = widgetClient(app, token);
  await widget.allow(spark._id, [SHOP]);
  const { deployToken } = await widget.deployment(spark._id);
  const ticket = widget.ticketOf((await widget.frame(deployToken, `${SHOP}/help`)).payload);
  const ask = (text: string, session?: string) =>
    widget.ask(deployToken, text, { 'x-sparks-ticket': ticket, ...(session ? { 'x-sparks-visitor': session } : {}) });
  return { email, tokens, token, chat, spark, widget, deployToken, ticket, ask };
}
