import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoundBids } from '../../../shared/schemas/bid';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import type { RoundEvent } from '../../../shared/schemas/events';
import { roundKeys } from '../bid-rounds/api/round-queries';
import { applyRoundEvent } from './apply-round-event';
import { CacheWriter } from './cache-writer';
import { type NewBid, onNewBid } from './new-bids';

const DAY = 86_400_000;

function roundView(id: string, extra: Partial<BidRoundView> = {}): BidRoundView {
  return {
    id,
    deadline: new Date(Date.now() + 2 * DAY).toISOString(),
    createdAt: new Date(Date.now() - DAY).toISOString(),
    isActive: true,
    isClosed: false,
    highestBid: null,
    isOwner: false,
    hasBid: false,
    ...extra,
  } as BidRoundView;
}

const bids = (amount: number): RoundBids => ({
  startingPrice: 1_000_000,
  bids: [{ id: 'bid-1', amount, isOwnBid: false } as RoundBids['bids'][number]],
});

describe('applyRoundEvent', () => {
  let client: QueryClient;
  let writer: CacheWriter;
  /** How often each key was fetched from the "server". */
  let fetches: Map<string, number>;
  let answers: Map<string, () => Promise<unknown>>;
  const stops: (() => void)[] = [];

  /** A query shown on the page: an observer, so invalidation refetches it. */
  function show(key: readonly unknown[]) {
    const observer = new QueryObserver(client, { queryKey: key });
    stops.push(observer.subscribe(() => {}));
  }

  beforeEach(() => {
    fetches = new Map();
    answers = new Map();
    client = new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: Number.POSITIVE_INFINITY,
          retry: false,
          queryFn: ({ queryKey }) => {
            const path = queryKey.join('/');
            fetches.set(path, (fetches.get(path) ?? 0) + 1);
            return answers.get(path)?.() ?? Promise.resolve(null);
          },
        },
      },
    });
    writer = new CacheWriter(client);
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    writer.dispose();
    client.clear();
  });

  const event = (round: BidRoundView | null, extra: Partial<RoundEvent> = {}): RoundEvent => ({
    roundId: 'r2',
    change: 'bid',
    round,
    ...extra,
  });

  it('sets the round, its list entry and its bids from the event, without fetching', async () => {
    client.setQueryData(roundKeys.round('r2'), roundView('r2'));
    client.setQueryData(roundKeys.active, [roundView('r1'), roundView('r2')]);
    client.setQueryData(roundKeys.bids('r2'), bids(1_000_000));
    show(roundKeys.round('r2'));
    show(roundKeys.bids('r2'));
    const updated = roundView('r2', { highestBid: 1_100_000 });
    applyRoundEvent(writer, event(updated, { bids: bids(1_100_000), bidId: 'bid-1' }));
    await Promise.resolve();
    expect(client.getQueryData(roundKeys.round('r2'))).toEqual(updated);
    expect(client.getQueryData<BidRoundView[]>(roundKeys.active)?.[1]).toEqual(updated);
    expect(client.getQueryData<RoundBids>(roundKeys.bids('r2'))?.bids[0]?.amount).toBe(1_100_000);
    expect(fetches.size).toBe(0);
  });

  it('adds a new open round to the open list and drops a closed one', () => {
    client.setQueryData(roundKeys.active, [roundView('r1')]);
    applyRoundEvent(writer, event(roundView('r2'), { change: 'created' }));
    expect(client.getQueryData<BidRoundView[]>(roundKeys.active)?.map((r) => r.id)).toEqual(['r1', 'r2']);
    applyRoundEvent(writer, event(roundView('r2', { isClosed: true }), { change: 'closed' }));
    expect(client.getQueryData<BidRoundView[]>(roundKeys.active)?.map((r) => r.id)).toEqual(['r1']);
  });

  it('fetches the bids again when the event leaves them out', async () => {
    client.setQueryData(roundKeys.bids('r2'), bids(1_000_000));
    show(roundKeys.bids('r2'));
    applyRoundEvent(writer, event(roundView('r2')));
    await Promise.resolve();
    expect(fetches.get(roundKeys.bids('r2').join('/'))).toBe(1);
  });

  it('fetches again, rather than writes, a query whose first answer is still on its way', async () => {
    let answer!: (value: unknown) => void;
    answers.set(roundKeys.round('r2').join('/'), () => new Promise((resolve) => (answer = resolve)));
    show(roundKeys.round('r2'));
    await Promise.resolve();
    applyRoundEvent(writer, event(roundView('r2', { highestBid: 1_100_000 })));
    // The answer that was on its way was read before the bid; a second fetch follows it.
    answers.set(roundKeys.round('r2').join('/'), async () => roundView('r2', { highestBid: 1_100_000 }));
    answer(roundView('r2'));
    await expect
      .poll(() => client.getQueryData<BidRoundView>(roundKeys.round('r2'))?.highestBid)
      .toBe(1_100_000);
    expect(fetches.get(roundKeys.round('r2').join('/'))).toBe(2);
  });

  it("asks the owner's visningsliste again when someone signs up, and nothing else", async () => {
    const list = ['/api/bid-rounds', 'r2', 'viewings', 'v1', 'signups'] as const;
    client.setQueryData(list, { signups: [] });
    client.setQueryData(roundKeys.bids('r2'), bids(1_000_000));
    show(list);
    show(roundKeys.bids('r2'));
    applyRoundEvent(writer, event(null, { change: 'followers' }));
    await Promise.resolve();
    expect([...fetches.keys()]).toEqual([list.join('/')]);
  });

  it('announces a bid by someone else with its amount', () => {
    const heard: NewBid[] = [];
    const off = onNewBid((bid) => heard.push(bid));
    applyRoundEvent(writer, event(roundView('r2'), { bids: bids(1_200_000), bidId: 'bid-1' }));
    off();
    expect(heard).toEqual([{ roundId: 'r2', bidId: 'bid-1', amount: 1_200_000, own: false }]);
  });
});
