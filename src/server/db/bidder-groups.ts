import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { bidderGroups, coBidders } from './co-bidder-schema';
import { users } from './schema';

// Who bids with whom (decision 065), read where a bid is formed, signed and placed: the signatures, the bids
// and the co-bidders features all ask. Down here, as round-lock.ts is, because they lie on both sides of one
// another in the order of feature folders and no feature reads another's repository.

export interface GroupMember {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  birthDate: string | null;
  identityVerifiedAt: Date | null;
  deletedAt: Date | null;
  /** When they joined: the invitation's answer, or the group's start for the one who invited first. */
  since: Date;
}

export interface BiddingGroup {
  id: string;
  principalId: string;
  version: number;
  /** Every member, in the order they joined. */
  members: GroupMember[];
}

const memberColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  birthDate: users.birthDate,
  identityVerifiedAt: users.identityVerifiedAt,
  deletedAt: users.deletedAt,
  since: coBidders.answeredAt,
};

/** The group the user is a member of in the round, with every member, or null. */
export async function findGroupOfMember(
  db: DbOrTx,
  roundId: string,
  userId: string,
): Promise<BiddingGroup | null> {
  const [own] = await db
    .select({ id: bidderGroups.id, principalId: bidderGroups.principalId, version: bidderGroups.version })
    .from(coBidders)
    .innerJoin(bidderGroups, eq(bidderGroups.id, coBidders.groupId))
    .where(
      and(eq(coBidders.bidRoundId, roundId), eq(coBidders.userId, userId), eq(coBidders.state, 'accepted')),
    );
  if (!own) return null;
  return { ...own, members: await findMembers(db, own.id) };
}

/** The accepted members of a group, in the order they joined. */
export async function findMembers(db: DbOrTx, groupId: string): Promise<GroupMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(coBidders)
    .innerJoin(users, eq(users.id, coBidders.userId))
    .where(and(eq(coBidders.groupId, groupId), eq(coBidders.state, 'accepted')))
    .orderBy(asc(coBidders.answeredAt), asc(coBidders.invitedAt), asc(coBidders.id));
  return rows.map((r) => ({ ...r, since: r.since ?? new Date(0) }));
}
