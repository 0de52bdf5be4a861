/**
 * The database schema: accounts; Sparks, conversations and documents; the progress, billing and
 * usage records; integrations; saved test runs; websites read as knowledge; WhatsApp and the other messaging channels; actions; teams; and API keys. Drizzle and the app read this index.
 */
export * from './accounts-schema.js';
export * from './core-schema.js';
export * from './progress-and-billing-schema.js';
export * from './integrations-schema.js';
export * from './test-runs-schema.js';
export * from './insights-schema.js';
export * from './websites-schema.js';
export * from './whatsapp-schema.js';
export * from './messaging-schema.js';
export * from './actions-schema.js';
export * from './team-schema.js';
export * from './developers-schema.js';
