import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';

export interface RecordedRoute {
  method: string;
  url: string;
}

/**
 * Records every route of the next Fastify instance created while it listens, through that
 * instance's onRoute hook. The hook is added from Fastify's own `fastify.initialization` channel
 * because buildApp registers (and so loads) every plugin before returning: an onRoute hook added
 * afterwards, in startTestApp's `extend`, would see only routes added from then on.
 */
export function recordRoutes(): { routes: RecordedRoute[]; stop(): void } {
  const routes: RecordedRoute[] = [];
  let hooked = false;
  const onInit = (message: unknown) => {
    // Only the app under test: any instance created later in the same process is not its concern.
    if (hooked) return;
    hooked = true;
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? route.path });
    });
  };
  subscribe('fastify.initialization', onInit);
  return { routes, stop: () => unsubscribe('fastify.initialization', onInit) };
}
