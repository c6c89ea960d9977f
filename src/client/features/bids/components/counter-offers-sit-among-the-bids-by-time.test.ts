import { describe, expect, it } from 'vitest';
import type { CounterOfferView } from '../../../../shared/schemas/counter-offer';
import { type ListEntry, offersFor, openOfferToMe, placeCounterOffers } from './counter-offer-order';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute)).toISOString();
const bid = (id: string, minute: number) => ({ id, createdAt: at(minute) });
const offer = (id: string, minute: number, extra: Partial<CounterOfferView> = {}): CounterOfferView => ({
  id,
  bidId: 'a',
  bidAmount: 5_000_000,
  amount: 5_300_000,
  deadline: at(600),
  conditions: null,
  status: 'open',
  createdAt: at(minute),
  answeredAt: null,
  recipientLabel: 'Budgiver A',
  isToMe: false,
  acceptedBidId: null,
  ...extra,
});
const order = (entries: ListEntry<{ id: string; createdAt: string }>[]) =>
  entries.map((entry) => (entry.kind === 'bid' ? entry.bid.id : `motbud ${entry.offer.id}`));

describe('counter-offers among the bids', () => {
  // The bids are highest first: b (minute 20) over a (minute 10).
  const bids = [bid('b', 20), bid('a', 10)];

  it('puts a counter-offer newer than every bid first', () => {
    expect(order(placeCounterOffers(bids, [offer('1', 30)]))).toEqual(['motbud 1', 'b', 'a']);
  });

  it('puts one between two bids just above the older bid, newest first when there are several', () => {
    const offers = [offer('1', 12), offer('2', 15, { status: 'withdrawn' })];
    expect(order(placeCounterOffers(bids, offers))).toEqual(['b', 'motbud 2', 'motbud 1', 'a']);
  });

  it('keeps a counter-offer whose bid is not listed, last', () => {
    expect(order(placeCounterOffers(bids, [offer('1', 5)]))).toEqual(['b', 'a', 'motbud 1']);
  });

  it('shows the bids alone when there are no counter-offers', () => {
    expect(order(placeCounterOffers(bids, []))).toEqual(['b', 'a']);
  });

  it('gives a bidder group only the counter-offers to its own bids', () => {
    const offers = [offer('1', 12), offer('2', 25, { bidId: 'b' })];
    expect(offersFor([bid('b', 20)], offers).map((o) => o.id)).toEqual(['2']);
  });

  it('finds the open counter-offer to the reader while its deadline is ahead', () => {
    const now = new Date(at(100));
    const mine = offer('1', 12, { isToMe: true });
    expect(openOfferToMe([offer('2', 11), mine], now)).toBe(mine);
    expect(openOfferToMe([{ ...mine, status: 'declined' }], now)).toBeNull();
    expect(openOfferToMe([mine], new Date(at(600)))).toBeNull();
    expect(openOfferToMe(undefined, now)).toBeNull();
  });
});
