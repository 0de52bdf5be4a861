import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { liveRoutes } from './live-routes.js';

export const LIVE_HAND_BACK_JOB = 'live-hand-back';
/** How often a worker looks for conversations taken over and left quiet. */
const HAND_BACK_SWEEP_SECONDS = 60;

/** Live conversations: the owner's routes under the API prefix, and the sweep that hands quiet conversations back to the Spark. */
export const liveModule: FastifyPluginAsync = async (app) => {
  const { live } = app.services;
  app.jobs.define(LIVE_HAND_BACK_JOB, {
    expireInSeconds: 60,
    retryLimit: 0,
    sweep: { everySeconds: HAND_BACK_SWEEP_SECONDS, run: async () => void (await live.handBackQuiet()) },
    handle: async () => undefined,
  });
  await app.register(liveRoutes, { prefix: API_BASE_PATH });
};
