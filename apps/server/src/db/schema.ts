/**
 * The database schema, in two parts: accounts, Sparks, conversations and documents; and the
 * progress, billing and usage records that refer to them. Drizzle and the app read this index.
 */
export * from './core-schema.js';
export * from './progress-and-billing-schema.js';
export * from './integrations-schema.js';
export * from './test-runs-schema.js';
