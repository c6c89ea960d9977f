import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ChainLink } from '../../../shared/record/round-act';
import { roundActs } from '../../db/chain-schema';
import type { DbOrTx } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const toLink = (row: { seq: number | string; hash: string }): ChainLink => ({
  seq: Number(row.seq),
  hash: row.hash,
});

/**
 * Appends an act with append_round_act (migration 0014), which takes the round's lock if the caller has
 * not, reads the head and hashes; the caller's transaction makes the act and the link one.
 */
export async function appendAct(
  tx: DbOrTx,
  roundId: string,
  act: object,
  userId: string | null,
  secret: object | null,
): Promise<ChainLink> {
  const result = await tx.execute(sql`select (l).seq as seq, (l).hash as hash from (select append_round_act(
      ${roundId}::uuid, ${JSON.stringify(act)}::jsonb, ${userId}::uuid,
      ${secret ? JSON.stringify(secret) : null}::jsonb) as l offset 0) appended`);
  const [row] = rowsOf<{ seq: number; hash: string }>(result);
  if (!row) throw new Error(`append_round_act returned no link for round ${roundId}`);
  return toLink(row);
}

/**
 * A bid act's canonical text around its `at` and `party`, which only place_bid's lock decides: the database
 * joins the pieces with the bid's time and the bidder's pseudonym and hashes (append_formed_bid_act,
 * migration 0019, decision 050).
 */
export interface FormedBidAct {
  beforeAt: string;
  beforeParty: string;
  afterParty: string;
}

export async function findHead(db: DbOrTx, roundId: string): Promise<ChainLink | null> {
  const [row] = await db
    .select({ seq: roundActs.seq, hash: roundActs.hash })
    .from(roundActs)
    .where(eq(roundActs.roundId, roundId))
    .orderBy(desc(roundActs.seq))
    .limit(1);
  return row ? toLink(row) : null;
}

async function latestLink(db: DbOrTx, where: SQL | undefined): Promise<ChainLink | null> {
  const [row] = await db
    .select({ seq: roundActs.seq, hash: roundActs.hash })
    .from(roundActs)
    .where(where)
    .orderBy(desc(roundActs.seq))
    .limit(1);
  return row ? toLink(row) : null;
}

/** The link of the latest act of `kind` about a counter-offer or bid: what its receipt names. */
export const findLinkOf = (db: DbOrTx, subjectId: string, kind: string) =>
  latestLink(db, and(eq(roundActs.subjectId, subjectId), eq(roundActs.kind, kind)));

/** The link of a round's latest act of `kind`. */
export const findLatestOfKind = (db: DbOrTx, roundId: string, kind: string) =>
  latestLink(db, and(eq(roundActs.roundId, roundId), eq(roundActs.kind, kind)));

export function findChain(db: DbOrTx, roundId: string) {
  return db
    .select({
      seq: roundActs.seq,
      prevHash: roundActs.prevHash,
      hash: roundActs.hash,
      act: roundActs.act,
      kind: roundActs.kind,
      subjectId: roundActs.subjectId,
      userId: roundActs.userId,
      secret: roundActs.secret,
    })
    .from(roundActs)
    .where(eq(roundActs.roundId, roundId))
    .orderBy(asc(roundActs.seq));
}

/** The rounds whose chain names `userId`: account deletion records an act in each. */
export async function findRoundsNaming(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ roundId: roundActs.roundId })
    .from(roundActs)
    .where(eq(roundActs.userId, userId))
    .orderBy(asc(roundActs.roundId));
  return rows.map((r) => r.roundId);
}

/**
 * Account deletion: the acts stop pointing at the person and the signed statements (which name them) go.
 * The salt stays with the act, linked to no one, and the chain stays whole. That covers the acts about the
 * person and those they signed about someone else too (an owner's rejection, counter-offer or choice of
 * winner, kept with the bidder it concerns): each of those is found by the act its signature covers, which
 * names no one (decision 041).
 */
export async function forgetUser(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`update round_acts r set secret = r.secret - 'statement'
    where r.secret ? 'statement' and exists (select 1 from act_signatures a
      where a.user_id = ${userId}::uuid and a.bid_round_id = r.round_id
        and a.canonical_act = r.secret->>'signedAct')`);
  await db.execute(sql`update round_acts set user_id = null, secret = secret - 'statement'
    where user_id = ${userId}::uuid`);
}

/**
 * How `userId` takes part in a round, for the chain's export: its owner, a bidder, or a reader of its journal
 * (a deleted round keeps its journals, decision 042). Null for anyone else.
 */
export async function findReaderRole(
  db: DbOrTx,
  roundId: string,
  userId: string,
): Promise<'owner' | 'bidder' | 'participant' | null> {
  const result = await db.execute(sql`select
      (exists (select 1 from bid_rounds r join properties p on p.id = r.property_id
        where r.id = ${roundId}::uuid and p.owner_id = ${userId}::uuid)
        -- A deleted round's owner is known by their kept copy of its journal (decision 042).
        or exists (select 1 from bid_journals j where j.bid_round_id = ${roundId}::uuid
          and j.user_id = ${userId}::uuid and (j.journal_data->>'isOwnerCopy')::boolean)) as owner,
      exists (select 1 from bids b where b.bid_round_id = ${roundId}::uuid and b.user_id = ${userId}::uuid) as bidder,
      exists (select 1 from bid_journals j
        where j.bid_round_id = ${roundId}::uuid and j.user_id = ${userId}::uuid) as participant`);
  const row = rowsOf<{ owner: boolean; bidder: boolean; participant: boolean }>(result)[0];
  if (row?.owner) return 'owner';
  if (row?.bidder) return 'bidder';
  return row?.participant ? 'participant' : null;
}

/** Whether the round exists or has a chain (a deleted round keeps its chain). */
export async function roundOrChainExists(db: DbOrTx, roundId: string): Promise<boolean> {
  const result = await db.execute(sql`select
      exists (select 1 from bid_rounds where id = ${roundId}::uuid)
      or exists (select 1 from round_acts where round_id = ${roundId}::uuid) as found`);
  return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
}

/** Names of the people behind acts, for the owner's and admins' export: 'Slettet bruker' is their name too. */
export async function findNames(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute(sql`select id, first_name, last_name from users
    where id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const rows = rowsOf<{ id: string; first_name: string; last_name: string }>(result);
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
}
