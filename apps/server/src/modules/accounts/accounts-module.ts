import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@sparks/contract';
import { authRoutes } from './auth-routes.js';
import { reportMismatchedUsernames } from './mismatched-usernames.js';
import { passwordRoutes } from './password-routes.js';
import { PENDING_REGISTRATIONS_JOB, pendingRegistrationsJob } from './pending-registrations-job.js';
import { profileRoutes } from './profile-routes.js';
import { socialRoutes } from './social-routes.js';

/** Registration, verification, sessions, passwords and the profile: product.md §7 (the Auth, Password and Account calls) and §5. */
export const accountsModule: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.accountDeps;
  app.jobs.define(
    PENDING_REGISTRATIONS_JOB,
    pendingRegistrationsJob({ registration: app.services.registration, log: app.log, send: app.jobs.send.bind(app.jobs) }),
  );
  app.addHook('onReady', async () => {
    // A report, not a gate: the server starts whatever it finds, or if the query fails.
    await reportMismatchedUsernames(deps.db, app.log).catch((error: unknown) => app.log.error({ err: error }, 'login name check failed'));
  });
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(passwordRoutes);
      await api.register(profileRoutes);
      await api.register(socialRoutes);
    },
    { prefix: API_BASE_PATH },
  );
};
