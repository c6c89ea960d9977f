import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import type { CounterOfferView } from '../../../shared/schemas/counter-offer';
import type { RoundEvent } from '../../../shared/schemas/events';
import { roundKeys } from '../bid-rounds/api/round-queries';
import { applyRoundEvent } from './apply-round-event';
import { CacheWriter } from './cache-writer';

const round = { id: 'r1', deadline: new Date(Date.now() + 86_400_000).toISOString() } as BidRoundView;
const offer = { id: 'o1', amount: 5_400_000, status: 'open', isToMe: true } as CounterOfferView;

describe('a round event and the counter-offers', () => {
  let client: QueryClient;
  let writer: CacheWriter;
  let fetched: string[];
  let stop: () => void = () => {};

  beforeEach(() => {
    fetched = [];
    client = new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: Number.POSITIVE_INFINITY,
          retry: false,
          queryFn: async ({ queryKey }) => {
            fetched.push(queryKey.join('/'));
            return [];
          },
        },
      },
    });
    writer = new CacheWriter(client);
    client.setQueryData(roundKeys.counterOffers('r1'), []);
    stop = new QueryObserver(client, { queryKey: roundKeys.counterOffers('r1') }).subscribe(() => {});
  });
  afterEach(() => {
    stop();
    writer.dispose();
    client.clear();
  });

  const event = (extra: Partial<RoundEvent>): RoundEvent => ({
    roundId: 'r1',
    change: 'counter-offer',
    round,
    ...extra,
  });

  it('sets them from the event, without fetching', async () => {
    applyRoundEvent(writer, event({ counterOffers: [offer] }));
    await Promise.resolve();
    expect(client.getQueryData(roundKeys.counterOffers('r1'))).toEqual([offer]);
    expect(fetched).not.toContain('/api/bid-rounds/r1/counter-offers');
  });

  it('fetches them again when the event leaves them out', async () => {
    applyRoundEvent(writer, event({}));
    await expect.poll(() => fetched).toContain('/api/bid-rounds/r1/counter-offers');
  });
});
