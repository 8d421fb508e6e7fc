import { integer, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Optimistic concurrency: an update sends the version it read; a stale one gets 409. */
export const version = () => integer().notNull().default(1);

export const tstz = () => timestamp({ withTimezone: true, mode: 'date' });
