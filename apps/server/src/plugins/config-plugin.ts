import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config & { jwtSecret: string };
  }
}

export const configPlugin = fp(
  async (app, options: { config: Config & { jwtSecret: string } }) => {
    app.decorate('config', options.config);
  },
  { name: 'config' },
);
