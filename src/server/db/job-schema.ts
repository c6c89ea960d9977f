import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Background work and what it sends (decision 031), beside schema.ts as notice-schema.ts is.
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

// Durable background work (e-mail, SMS, deadline sweep). Rows are enqueued in the same transaction as
// the event that causes them and claimed by workers with FOR UPDATE SKIP LOCKED.
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(180),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    completedAt: ts('completed_at'),
    failedAt: ts('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_pending_idx').on(t.runAt).where(sql`${t.completedAt} is null and ${t.failedAt} is null`),
  ],
);

// The development mailer's outbox: every mail that would have gone out over SMTP.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The mail's files, as sent (Mail's attachments), or null. */
    attachments: jsonb('attachments'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);
