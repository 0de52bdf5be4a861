import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide facts (first start time, schema flags); key-value so it never needs a migration to grow. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
