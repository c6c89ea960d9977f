import { defaultRoundDeadline } from '../../../shared/rules/round-deadlines';
import { type CreateRoundInput, type PublicBidRound, toObjectPath } from '../../../shared/schemas/bid-round';
import type { Db } from '../../db/client';
import { databaseNow } from '../../db/time';
import { ValidationError } from '../../errors';
import type { Viewer } from '../accounts/accounts.repository';
import { findOpenRounds, insertProperty, insertRound } from './bid-rounds.repository';

/** Creates a property and its round in one transaction. Deadlines are checked against database time. */
export async function createRound(db: Db, ownerId: string, input: CreateRoundInput): Promise<string> {
  return db.transaction(async (tx) => {
    const now = await databaseNow(tx);
    const deadline = input.deadline ? new Date(input.deadline) : defaultRoundDeadline(now);
    if (deadline <= now) {
      throw new ValidationError('Budfristen for budrunden må være frem i tid', [
        { path: 'deadline', message: 'Budfristen for budrunden må være frem i tid' },
      ]);
    }
    const minimumBidDeadline = input.minimumBidDeadline ? new Date(input.minimumBidDeadline) : null;
    if (minimumBidDeadline && minimumBidDeadline > deadline) {
      const message = 'Korteste budfrist kan ikke være etter budfristen for budrunden';
      throw new ValidationError(message, [{ path: 'minimumBidDeadline', message }]);
    }
    const propertyId = await insertProperty(tx, {
      title: input.title,
      address: input.address,
      description: input.description || null,
      price: input.startingPrice,
      size: input.size ?? null,
      rooms: input.rooms ?? null,
      buildYear: input.buildYear ?? null,
      floor: input.floor || null,
      imageUrl: input.imageUrl ? toObjectPath(input.imageUrl) : null,
      ownerId,
    });
    return insertRound(tx, { propertyId, deadline, minimumBidDeadline });
  });
}

/** The open rounds. Visitors get public fields only: no bids, no highest bid, no owner details. */
export async function listActiveRounds(db: Db, _viewer: Viewer | null): Promise<PublicBidRound[]> {
  const rows = await findOpenRounds(db);
  return rows.map((row) => ({
    id: row.id,
    deadline: row.deadline.toISOString(),
    minimumBidDeadline: row.minimumBidDeadline?.toISOString() ?? null,
    isActive: row.isActive,
    isClosed: row.isClosed,
    createdAt: row.createdAt.toISOString(),
    property: { ...row.property, imageUrl: toObjectPath(row.property.imageUrl) },
  }));
}
