export * from './constants.js';
export * from './plans.js';
export * from './error-codes.js';
export * from './envelope.js';
export * from './health.js';
export * from './layout.js';
export * from './passwords.js';
export * from './auth.js';
