import { createUser } from '../../src/server/features/accounts/accounts.service';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
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
  const id = await createRound(db, seller, {
    title: round.title,
    address: round.address,
    startingPrice: 4_000_000,
    deadline: new Date(Date.now() + round.days * 86_400_000).toISOString(),
  });
  return `${server.baseUrl}/budrunder/${id}`;
}
