import fp from 'fastify-plugin';
import { JobRunner } from '../jobs/job-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work that outlives a request (document ingestion), run in this process over the database. */
    jobs: JobRunner;
  }
}

export const jobsPlugin = fp(
  async (app) => {
    const runner = new JobRunner(app.log, app.config.jobs);
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['config'] },
);
