import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, properties } from '../../db/schema';

export async function insertProperty(db: DbOrTx, row: typeof properties.$inferInsert): Promise<string> {
  const [created] = await db.insert(properties).values(row).returning({ id: properties.id });
  if (!created) throw new Error('insert into properties returned no row');
  return created.id;
}

export async function insertRound(db: DbOrTx, row: typeof bidRounds.$inferInsert): Promise<string> {
  const [created] = await db.insert(bidRounds).values(row).returning({ id: bidRounds.id });
  if (!created) throw new Error('insert into bid_rounds returned no row');
  return created.id;
}

/** Open rounds whose deadline is still ahead (database time), soonest deadline first. */
export async function findOpenRounds(db: DbOrTx) {
  return db
    .select({
      id: bidRounds.id,
      deadline: bidRounds.deadline,
      minimumBidDeadline: bidRounds.minimumBidDeadline,
      isActive: bidRounds.isActive,
      isClosed: bidRounds.isClosed,
      createdAt: bidRounds.createdAt,
      property: {
        title: properties.title,
        address: properties.address,
        description: properties.description,
        imageUrl: properties.imageUrl,
        size: properties.size,
        rooms: properties.rooms,
        buildYear: properties.buildYear,
        floor: properties.floor,
      },
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(
      and(eq(bidRounds.isClosed, false), eq(bidRounds.isActive, true), gt(bidRounds.deadline, sql`now()`)),
    )
    .orderBy(asc(bidRounds.deadline), asc(bidRounds.createdAt));
}
