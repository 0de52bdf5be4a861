import fp from 'fastify-plugin';
import { JobQueue } from '../jobs/job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work that outlives a request (ingestion, library syncs, test runs), queued in the database. */
    jobs: JobQueue;
  }
}

export const jobsPlugin = fp(
  async (app) => {
    const queue = new JobQueue(app.database, app.log, app.config.jobs);
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => queue.start());
    app.addHook('onClose', async () => queue.stop());
  },
  { name: 'jobs', dependencies: ['config', 'database'] },
);
