import { EventEmitter } from 'node:events';
import { type SQL, sql } from 'drizzle-orm';
import { ROUND_CHANGES, type RoundChange } from '../../shared/schemas/events';
import type { DbOrTx } from '../db/client';

/** The one channel all processes LISTEN on. */
export const EVENT_CHANNEL = 'budrunde_events';

/**
 * What travels between processes: which round or user changed, never any data about it. Each process reads
 * the change from the database itself and decides per subscriber what they may see. Ids only, so the
 * payload stays far below NOTIFY's 8,000 bytes and holds nothing personal.
 */
export type BusEvent =
  | { type: 'round'; roundId: string; change: RoundChange; bidId?: string }
  /** A user's sessions were ended (logout, password change, account deleted): their streams must end. */
  | { type: 'sessions'; userId: string }
  /** A user's account changed (profile, role, verification): copies of it must be read again. */
  | { type: 'user'; userId: string };

/**
 * Announces a change in the transaction that makes it. NOTIFY is delivered only when that transaction
 * commits, on PostgreSQL and PGlite alike, so a rolled-back bid is never announced, and every process,
 * this one included, hears it through its LISTEN connection.
 */
export async function publishEvent(db: DbOrTx, event: BusEvent): Promise<void> {
  await db.execute(sql`select ${notifyExpression(event)}`);
}

const changing = new EventEmitter();
changing.setMaxListeners(0);

/**
 * publishEvent's expression, for a caller that sends it within a statement of its own. This process's
 * caches hear of the change at once, before it commits: the NOTIFY reaches them a little after the commit,
 * and the request that made the change may already be followed by the next one, which must see it.
 */
export function notifyExpression(event: BusEvent): SQL {
  return sql`pg_notify(${EVENT_CHANNEL}, ${announceChange(event)})`;
}

/** Tells this process's caches of a change about to be sent, and returns the NOTIFY payload to send. */
export function announceChange(event: BusEvent): string {
  changing.emit('event', event);
  return JSON.stringify(event);
}

/** Hears, in this process, every change about to be published (it may still roll back). */
export function onChanging(listener: (event: BusEvent) => void): () => void {
  changing.on('event', listener);
  return () => changing.off('event', listener);
}

const CHANGES = new Set<string>(ROUND_CHANGES);

/** Reads a NOTIFY payload; anything malformed is dropped rather than trusted. */
export function parseBusEvent(payload: string): BusEvent | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (value.type === 'round' && typeof value.roundId === 'string' && CHANGES.has(String(value.change)))
      return {
        type: 'round',
        roundId: value.roundId,
        change: value.change as RoundChange,
        ...(typeof value.bidId === 'string' ? { bidId: value.bidId } : {}),
      };
    if ((value.type === 'sessions' || value.type === 'user') && typeof value.userId === 'string')
      return { type: value.type, userId: value.userId };
  } catch {
    // Not JSON: not ours.
  }
  return null;
}
