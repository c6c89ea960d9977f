import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

// The administrators' audit trail, beside schema.ts as the other tables of one concern are (listing-schema.ts,
// chain-schema.ts …); drizzle.config.ts takes every schema file.
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// The audit trail of administrators' actions: who did what to which user or round, and when. Rows are
// written in the transaction of the action itself, and a trigger (see the migration) refuses UPDATE and
// DELETE, so the trail is append-only. The target is not a foreign key: a rejected user or a deleted round
// is gone, and the record of who removed it must stay.
export const adminActions = pgTable(
  'admin_actions',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    // Short and non-secret: which fields changed, never a password or a token.
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_actions_target_idx').on(t.targetType, t.targetId, t.createdAt.desc()),
    index('admin_actions_created_idx').on(t.createdAt.desc()),
  ],
);
