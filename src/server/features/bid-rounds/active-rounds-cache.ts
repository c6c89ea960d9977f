import type { Db } from '../../db/client';
import type { EventHub } from '../../events/event-hub';
import { findBiddersAndNextLapse, findRoundRows, type RoundRow } from './round-views.repository';

/** A safety net only: every change to a round drops the list at once, and time is accounted for exactly. */
const MAX_AGE_MS = 10_000;

export interface ActiveRound {
  row: RoundRow;
  bidderIds: Set<string>;
  /** The round's JSON per viewer variant, filled by the service as viewers ask; gone with the entry. */
  json: Map<string, string>;
}

/** The open rounds, and whole answers already written for them (see bid-rounds.service listActiveRounds). */
export interface ActiveRoundList {
  rounds: ActiveRound[];
  /** The list's bytes per set of viewer flags, filled by the service as viewers ask; gone with the entry. */
  answers: Map<string, Buffer>;
}

interface Entry extends ActiveRoundList {
  /** Epoch ms (this process's clock) at which a round's deadline or a live bid's acceptance deadline passes. */
  validUntil: number;
}

/**
 * The open rounds, read once and shared by every request until something changes: the most asked-for list,
 * polled by every screen (measured: 8 ms and 3 queries per request before; none now, between changes).
 * A change to any round (a bid, a close, a new round, on any process) drops it, and so does the first
 * moment at which time alone would change it: a round's deadline, or a live bid lapsing, which may change
 * the highest bid. While the event listener is down nothing is cached, since changes could be missed.
 */
export class ActiveRoundsCache {
  private entry: Entry | null = null;
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly events: Pick<EventHub, 'isListening' | 'onBusEvent'>,
  ) {
    events.onBusEvent((event) => {
      // Who follows a round is not in the list: a follow leaves the cached rounds as they are.
      if ((event.type === 'round' && event.change !== 'followers') || event.type === 'resync') this.drop();
    });
  }

  async get(): Promise<ActiveRoundList> {
    const cached = this.entry;
    if (cached && this.events.isListening && Date.now() < cached.validUntil) return cached;
    const began = this.generation;
    const entry = await this.read();
    if (began === this.generation && this.events.isListening) this.entry = entry;
    return entry;
  }

  drop(): void {
    this.generation++;
    this.entry = null;
  }

  private async read(): Promise<Entry> {
    const rows = await findRoundRows(this.db, { kind: 'active' }, null);
    const { now, rounds } = await findBiddersAndNextLapse(
      this.db,
      rows.map((r) => r.id),
    );
    // Measured in the database's time, applied on this process's clock: the two need not agree.
    let until = now.getTime() + MAX_AGE_MS;
    for (const row of rows) {
      until = Math.min(until, row.deadline.getTime());
      const lapse = rounds.get(row.id)?.nextLapse;
      if (lapse) until = Math.min(until, lapse.getTime());
    }
    return {
      rounds: rows.map((row) => ({
        row,
        bidderIds: rounds.get(row.id)?.bidderIds ?? new Set(),
        json: new Map(),
      })),
      answers: new Map(),
      validUntil: Date.now() + Math.max(0, until - now.getTime()),
    };
  }
}
