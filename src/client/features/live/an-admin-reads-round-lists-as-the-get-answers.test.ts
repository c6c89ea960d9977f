import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import type { CounterOfferView } from '../../../shared/schemas/counter-offer';
import type { RoundEvent } from '../../../shared/schemas/events';
import type { CurrentUser } from '../../../shared/schemas/user';
import { CURRENT_USER_KEY } from '../auth/use-current-user';
import { forThisReader } from './apply-live-event';

// An administrator who follows (or bid on) someone else's round gets that place's event, with pseudonyms;
// the admin's own GET answers name people. The lists are then fetched again rather than overwritten.

const offer = { id: 'o1', recipientLabel: 'Budgiver B' } as CounterOfferView;
const event = (isOwner: boolean): RoundEvent => ({
  roundId: 'r1',
  change: 'counter-offer',
  round: { id: 'r1', isOwner } as BidRoundView,
  bids: { startingPrice: 1, bids: [] },
  counterOffers: [offer],
});

function clientAs(user: Partial<CurrentUser> | null) {
  const client = new QueryClient();
  client.setQueryData(CURRENT_USER_KEY, user);
  return client;
}

describe('a round event for the reader', () => {
  it("an administrator's event about another's round leaves out the lists, to be fetched again", () => {
    const seen = forThisReader(clientAs({ isAdmin: true }), event(false));
    expect(seen.bids).toBeUndefined();
    expect(seen.counterOffers).toBeUndefined();
    expect(seen.round?.id).toBe('r1');
  });

  it('an administrator who owns the round, and any other reader, take the lists from the event', () => {
    expect(forThisReader(clientAs({ isAdmin: true }), event(true)).counterOffers).toEqual([offer]);
    expect(forThisReader(clientAs({ isAdmin: false }), event(false)).counterOffers).toEqual([offer]);
  });
});
