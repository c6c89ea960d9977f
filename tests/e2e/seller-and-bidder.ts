import type { DbOrTx } from '../../src/server/db/client';
import type { AppDeps } from '../../src/server/deps';
import type { Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { placeBid } from '../../src/server/features/bids/bids.service';
import { placeBidSchema } from '../../src/shared/schemas/bid';
import type { E2eServer } from './e2e-server';

export const SELLER_EMAIL = 'selger@example.no';
export const BIDDER_EMAIL = 'anna@example.no';

/**
 * A verified seller (Sofie) and bidder (Anna) with `password`, and the seller's open round, ending in `days`;
 * returns the round page's address.
 */
export async function sellerBidderAndRound(
  server: E2eServer,
  password: string,
  round: { title: string; address: string; days: number },
): Promise<string> {
  const { db } = server.deps;
  const seller = await createUser(
    db,
    { email: SELLER_EMAIL, password, firstName: 'Sofie', lastName: 'Selger' },
    { emailVerified: true },
  );
  await createUser(
    db,
    { email: BIDDER_EMAIL, password, firstName: 'Anna', lastName: 'Andersen' },
    { emailVerified: true },
  );
  const id = await openRound(db, seller, round);
  return `${server.baseUrl}/budrunder/${id}`;
}

/** `sellerId`'s open round at 4 000 000 kr, ending in `days`: returns its id. */
export function openRound(
  db: DbOrTx,
  sellerId: string,
  round: { title: string; address: string; days: number },
) {
  return createRound(db, sellerId, {
    title: round.title,
    address: round.address,
    startingPrice: 4_000_000,
    deadline: new Date(Date.now() + round.days * 86_400_000).toISOString(),
  });
}

/** `bidder`'s bid on a round, placed through the service as the API would, standing for a day. */
export function placeDayBid(deps: AppDeps, bidder: Viewer, roundId: string, amount: number, conditions = '') {
  return placeBid(
    deps,
    bidder,
    placeBidSchema.parse({
      bidRoundId: roundId,
      amount,
      conditions,
      bidDeadline: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  );
}
