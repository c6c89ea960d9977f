import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRoundFollowers, users } from '../../db/schema';
import { viewerColumns } from '../../db/viewer-columns';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';

// The shape lives in http/viewer.ts, where access.ts and the auth cache name it without importing a feature;
// re-exported here for the features that read it with the row.
export type { Viewer } from '../../http/viewer';

export async function findViewerById(db: DbOrTx, id: string): Promise<Viewer | null> {
  const rows = await db
    .select(viewerColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return rows[0] ?? null;
}

/**
 * A live account with its row lock, for changes that must see the state they decide on. FOR NO KEY UPDATE,
 * not FOR UPDATE: rows that merely point at the user (a journal written while one of their rounds closes,
 * a bid) take a key-share lock for their foreign key, and must not wait for this one, or the two deadlock.
 */
export async function lockViewerById(db: DbOrTx, id: string): Promise<Viewer | null> {
  const rows = await db
    .select(viewerColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('no key update');
  return rows[0] ?? null;
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows[0]?.id ?? null;
}

export async function findUserIdByPersonHash(db: DbOrTx, personHash: string): Promise<string | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.personHash, personHash));
  return rows[0]?.id ?? null;
}

export type NewUserRow = typeof users.$inferInsert;

export async function insertUser(db: DbOrTx, row: NewUserRow): Promise<string> {
  const [created] = await db.insert(users).values(row).returning({ id: users.id });
  if (!created) throw new Error('insert into users returned no row');
  return created.id;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function makeAdminVerified(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({
      isAdmin: true,
      emailVerified: true,
      password: passwordHash,
      deletedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
  await publishEvent(db, { type: 'user', userId: id });
}

export interface LoginRow {
  id: string;
  password: string;
  emailVerified: boolean;
  isApproved: boolean;
}

export async function findLoginByEmail(db: DbOrTx, email: string): Promise<LoginRow | null> {
  const rows = await db
    .select({
      id: users.id,
      password: users.password,
      emailVerified: users.emailVerified,
      isApproved: users.isApproved,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return rows[0] ?? null;
}

export async function findPasswordHash(db: DbOrTx, id: string): Promise<string | null> {
  const rows = await db.select({ password: users.password }).from(users).where(eq(users.id, id));
  return rows[0]?.password ?? null;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  fields: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  // Every process drops its cached copy of the user (http/auth-cache.ts) once this commits.
  await publishEvent(db, { type: 'user', userId: id });
}

export async function findUserByTokenHash(db: DbOrTx, kind: 'verification' | 'reset', hash: string) {
  const column = kind === 'verification' ? users.emailVerificationToken : users.passwordResetToken;
  const sentAt = kind === 'verification' ? users.emailVerificationSentAt : users.passwordResetSentAt;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      sentAt,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(and(eq(column, hash), isNull(users.deletedAt)))
    .for('update');
  return rows[0] ?? null;
}

export async function deleteUserFollows(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(bidRoundFollowers).where(eq(bidRoundFollowers.userId, userId));
}
