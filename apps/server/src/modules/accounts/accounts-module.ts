import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountDeps } from './account-deps.js';
import { authRoutes } from './auth-routes.js';
import { passwordRoutes } from './password-routes.js';
import { profileRoutes } from './profile-routes.js';
import { socialRoutes } from './social-routes.js';

/** Registration, verification, sessions, passwords and the profile: spec §7 Authentication and Account. */
export const accountsModule: FastifyPluginAsyncZod = async (app) => {
  const deps: AccountDeps = {
    db: app.database.db,
    mailer: app.mailer,
    accessTokens: app.accessTokens,
    log: app.log,
    secret: app.config.jwtSecret,
    publicUrl: app.config.publicUrl,
    sessionTtlDays: app.config.sessionTtlDays,
    refreshReuseSeconds: app.config.refreshReuseSeconds,
    trialDays: app.config.trialDays,
  };
  await app.register(authRoutes, { deps });
  await app.register(passwordRoutes, { deps });
  await app.register(profileRoutes, { deps });
  await app.register(socialRoutes, { deps, providers: app.config.socialProviders });
};
