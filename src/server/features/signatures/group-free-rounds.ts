import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coBidders } from '../../db/co-bidder-schema';
import type { EventHub } from '../../events/event-hub';

// The rounds known to have no bidder group at all (decision 065), so that a bid on one of them, nearly every
// bid, forms its buyer without a query: looking the group up for each bid halved the bid storm (measured,
// 960 → 450 accepted bids/s). A round leaves the set at the first 'co-bidders' change heard, from this
// process before it commits or from another by its NOTIFY; and nothing is trusted while the listener is
// down. A bid formed in the moment before another process's change is heard is still judged under the
// round's lock: place_bid (migration 0025) does not place a bid formed for one person who is in a group.

const MAX_ROUNDS = 10_000;

class GroupFreeRounds {
  private readonly rounds = new Set<string>();
  private generation = 0;

  constructor(private readonly events: Pick<EventHub, 'isListening' | 'onBusEvent'>) {
    events.onBusEvent((event) => {
      if (event.type === 'resync') this.forget();
      else if (event.type === 'round' && event.change === 'co-bidders') {
        this.generation++;
        this.rounds.delete(event.roundId);
      }
    });
  }

  /** Whether the round has no group: from the set, else read and, if so, remembered. */
  async hasNone(db: DbOrTx, roundId: string): Promise<boolean> {
    if (this.events.isListening && this.rounds.has(roundId)) return true;
    const began = this.generation;
    const [any] = await db
      .select({ id: coBidders.id })
      .from(coBidders)
      .where(eq(coBidders.bidRoundId, roundId))
      .limit(1);
    if (any) return false;
    if (began === this.generation && this.events.isListening) {
      if (this.rounds.size >= MAX_ROUNDS) this.rounds.clear();
      this.rounds.add(roundId);
    }
    return true;
  }

  private forget(): void {
    this.generation++;
    this.rounds.clear();
  }
}

const caches = new WeakMap<object, GroupFreeRounds>();

/** This process's set, one per event hub (tests run several apps in one process). */
export function groupFreeRoundsOf(events: Pick<EventHub, 'isListening' | 'onBusEvent'>): GroupFreeRounds {
  let cache = caches.get(events);
  if (!cache) {
    cache = new GroupFreeRounds(events);
    caches.set(events, cache);
  }
  return cache;
}
