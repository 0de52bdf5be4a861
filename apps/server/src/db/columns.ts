import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made, set by the database: every table's `created_at` column. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
