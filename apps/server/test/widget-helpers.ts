import type { Deployment } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';

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
