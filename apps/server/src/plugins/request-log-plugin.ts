import fp from 'fastify-plugin';

/** One line per request (method, path, status, ms) instead of Fastify's two verbose ones. */
export const requestLogPlugin = fp(
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      const path = request.url.split('?')[0];
      request.log.info(
        { method: request.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        `${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`,
      );
    });
  },
  { name: 'request-log' },
);
