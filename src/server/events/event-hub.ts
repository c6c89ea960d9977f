import type { FastifyBaseLogger } from 'fastify';
import { HEARTBEAT_MS, type LiveEventName, type RoundChange } from '../../shared/schemas/events';
import type { Database, Db } from '../db/client';
import { type BusEvent, EVENT_CHANNEL, onChanging, parseBusEvent } from './bus-event';
import { changesFollowers, type EventReaders, isPublicChange, type RoundFanOut } from './round-readers';

/** One open stream. It holds no database connection: only who it is for and where to write. */
export interface Subscriber {
  userId: string | null;
  sessionId: string | null;
  /** Writes a frame; the stream drops itself when its reader has fallen too far behind. */
  write(frame: string): void;
  end(): void;
}

export interface EventHubOptions {
  heartbeatMs?: number;
  /** Delay before a failed read for an event is tried again. */
  retryMs?: number;
}

type RoundBusEvent = Extract<BusEvent, { type: 'round' }>;
/** A batch of one round's events as one, and whether any of them may have changed who follows. */
type MergedRoundEvent = RoundBusEvent & { followersChanged: boolean };

/** Every event this process hears, and 'resync' when events may have been missed (the listener was away). */
export type BusEventListener = (event: BusEvent | { type: 'resync' }) => void;

// When several changes to one round arrive while it is being read, one read answers them all; the event
// names the weightiest change, so a close is never reported as a mere bid.
const WEIGHT: Record<RoundChange, number> = {
  followers: -1,
  'bid-lapsed': 0,
  'bid-rejected': 0,
  'counter-offer': 0,
  'co-bidders': 0,
  conditions: 0,
  'bidder-states': -1,
  settings: 1,
  // Public, unlike settings: a visitor's card shows the photos and viewings.
  listing: 1.5,
  price: 2,
  bid: 3,
  created: 4,
  closed: 5,
  winner: 6,
  deleted: 7,
};

const READ_ATTEMPTS = 5;

export const frame = (name: LiveEventName, data: unknown) =>
  `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function merge(batch: RoundBusEvent[]): MergedRoundEvent {
  const weightiest = batch.reduce((a, b) => (WEIGHT[b.change] >= WEIGHT[a.change] ? b : a));
  const lastBid = batch.filter((e) => e.bidId).at(-1)?.bidId;
  // A follow merged into a weightier event still reaches the owner: that event then carries the list.
  const followersChanged = batch.some((e) => changesFollowers(e.change));
  return { ...weightiest, ...(lastBid ? { bidId: lastBid } : {}), followersChanged };
}

/**
 * This process's subscribers, and the fan-out to them. Events come from the database's LISTEN connection,
 * whichever process made the change. For each one the hub reads the database once, then writes each
 * subscriber the payload that the GET answers would give them: the features' readers, handed to it from
 * app.ts (registerReaders), build it (features/bid-rounds/round-snapshot.ts).
 */
export class EventHub {
  private readonly subscribers = new Set<Subscriber>();

  /** Open streams in this process (for /metrics). */
  get streamCount(): number {
    return this.subscribers.size;
  }
  private readonly pending = new Map<string, RoundBusEvent[]>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly listeners: BusEventListener[] = [];
  private stopChanging: (() => void) | undefined;
  /** Whether events are being heard now: caches that rely on them are only used while this holds. */
  isListening = false;
  /** Set by the composition root; until then there is no app, so no stream to tell. */
  private readers: EventReaders | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: EventHubOptions = {},
  ) {}

  async start(database: Pick<Database, 'listen'>): Promise<void> {
    // Caches drop what a change of this process makes stale before it commits, and again when its NOTIFY
    // comes back; only the NOTIFY reaches subscribers, so a rolled-back change is never announced.
    this.stopChanging = onChanging((event) => {
      for (const listener of this.listeners) listener(event);
    });
    this.unlisten = await database.listen(EVENT_CHANNEL, {
      onMessage: (payload) => this.receive(payload),
      // Events sent while the listener was away are lost: every subscriber refetches on the new hello.
      onReconnect: () => {
        this.log.info('event listener reconnected');
        this.isListening = true;
        for (const listener of this.listeners) listener({ type: 'resync' });
        this.broadcastHello();
      },
      onError: (err) => {
        this.isListening = false;
        this.log.warn({ err: err.message }, 'event listener lost its connection');
      },
    });
    this.isListening = true;
    this.heartbeat = setInterval(() => {
      const ping = frame('ping', {});
      for (const sub of this.subscribers) sub.write(ping);
    }, this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The features' readers (app.ts hands them over), so that events/ never imports features/. */
  registerReaders(readers: EventReaders): void {
    this.readers = readers;
  }

  /** Hears every event (for caches that must drop what an event makes stale). */
  onBusEvent(listener: BusEventListener): void {
    this.listeners.push(listener);
  }

  /** Adds a stream; returns its removal. */
  add(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Ends every stream (at shutdown, before the server waits for its connections). */
  endAll(): void {
    for (const sub of this.subscribers) sub.end();
    this.subscribers.clear();
  }

  async stop(): Promise<void> {
    this.isListening = false;
    this.stopChanging?.();
    clearInterval(this.heartbeat);
    this.endAll();
    await this.unlisten?.();
  }

  /** Handles one NOTIFY payload. */
  private receive(payload: string): void {
    const event = parseBusEvent(payload);
    if (!event) return;
    for (const listener of this.listeners) listener(event);
    if (event.type === 'sessions') void this.endLostSessions(event.userId);
    else if (event.type === 'round') this.queueRound(event);
  }

  private broadcastHello(): void {
    for (const sub of this.subscribers) sub.write(frame('hello', { signedIn: sub.userId !== null }));
  }

  private queueRound(event: RoundBusEvent): void {
    const queued = this.pending.get(event.roundId);
    if (queued) {
      queued.push(event);
      return;
    }
    const batch = [event];
    this.pending.set(event.roundId, batch);
    void this.drainRound(event.roundId, batch);
  }

  private async drainRound(roundId: string, queue: RoundBusEvent[]): Promise<void> {
    while (queue.length > 0) {
      const event = merge(queue.splice(0));
      await this.dispatchRound(event, 1);
    }
    this.pending.delete(roundId);
  }

  private async dispatchRound(event: MergedRoundEvent, attempt: number): Promise<void> {
    // Nobody here to tell, or only visitors and nothing for them: no read at all (a bid storm on a process
    // without streams costs nothing).
    const anyoneSignedIn = [...this.subscribers].some((s) => s.userId !== null);
    if (!anyoneSignedIn && !(this.subscribers.size > 0 && isPublicChange(event.change))) return;
    if (!this.readers) return;
    let snapshot: RoundFanOut;
    try {
      snapshot = await this.readers.readRound(
        this.db,
        event.roundId,
        event.change,
        event.bidId,
        event.followersChanged,
      );
    } catch (err) {
      if (attempt >= READ_ATTEMPTS) {
        this.log.warn({ err, roundId: event.roundId }, 'could not read a changed round: subscribers refetch');
        this.broadcastHello();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, (this.options.retryMs ?? 1000) * attempt));
      return this.dispatchRound(event, attempt + 1);
    }
    this.fanOut(snapshot);
  }

  private fanOut(snapshot: RoundFanOut): void {
    const frames = new Map<string, string>();
    const publicEvent = snapshot.publicEvent();
    const publicFrame = publicEvent ? frame('public-round', publicEvent) : null;
    const journalsFrame = frame('journals', { roundId: snapshot.roundId });
    for (const sub of this.subscribers) {
      if (sub.userId === null) {
        if (publicFrame) sub.write(publicFrame);
        continue;
      }
      if (!snapshot.hears(sub.userId)) continue;
      const audience = snapshot.audienceOf(sub.userId);
      let roundFrame = frames.get(audience);
      if (!roundFrame) {
        roundFrame = frame('round', snapshot.eventFor(sub.userId));
        frames.set(audience, roundFrame);
      }
      sub.write(roundFrame);
      if (snapshot.getsJournal(sub.userId)) sub.write(journalsFrame);
    }
  }

  /** A user's sessions changed: the streams whose session is gone are told so, and end. */
  private async endLostSessions(userId: string): Promise<void> {
    const streams = [...this.subscribers].filter((s) => s.userId === userId);
    if (streams.length === 0 || !this.readers) return;
    let alive: Set<string>;
    try {
      alive = new Set(await this.readers.findLiveSessionIds(this.db, userId));
    } catch (err) {
      // Unsure whether they still hold: safer to end them; a stream whose session lives reconnects at once.
      this.log.warn({ err }, 'could not check sessions for live streams');
      alive = new Set();
    }
    for (const sub of streams) {
      if (sub.sessionId && alive.has(sub.sessionId)) continue;
      sub.write(frame('session-ended', {}));
      sub.end();
      this.subscribers.delete(sub);
    }
  }
}
