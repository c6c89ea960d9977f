/**
 * How many batches of this process's bids for one round are at the database at once: one holding the
 * round's lock and one waiting right behind it, so the lock passes on without a round trip to this process.
 * It is also the most pool connections one round's bids can hold, however long its lock is held.
 */
export const BATCHES_AT_ONCE = 2;

/**
 * The most bids in one batch: one statement and one commit for all of them (decision 051), which keeps the
 * round's lock no longer than some 30 bids' work (a few milliseconds) however many are waiting.
 */
export const BIDS_PER_BATCH = 32;

/**
 * A bid that waited its whole budget for its turn, without reaching the database. It carries PostgreSQL's
 * own code for a lock not granted in time (55P03), because that is what happened to it, so it gets the same
 * answer as a bid whose lock_timeout ran out at the database: 503, try again shortly.
 */
export class RoundBusy extends Error {
  readonly code = '55P03';
  constructor(waitedMs: number) {
    super(`gave up waiting for the round's turn after ${waitedMs} ms`);
  }
}

/** What became of one item of a batch: its result, or the error that is its own. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs one batch, in the items' order, and answers for each. `remainingMs` is what is left of the budget of
 * the item whose budget runs out first (Infinity without one), so that the batch waits at the database no
 * longer than that. A rejection fails every item of the batch with that error.
 */
export type RunBatch<I, R> = (items: I[], remainingMs: number) => Promise<Outcome<R>[]>;

interface Waiting<I, R> {
  /** Whether its checks are done and `item` is set: only ready bids go to the database. */
  ready: boolean;
  item?: I;
  /** performance.now() at which its budget runs out; Infinity without one. */
  until: number;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Line<I, R> {
  running: number;
  waiting: Waiting<I, R>[];
}

/**
 * Bids for the same round from this process, let through to the database in the order they arrived, in
 * batches: at most BATCHES_AT_ONCE at a time, and each batch takes every bid that is ready and waiting,
 * from the front of the line, up to BIDS_PER_BATCH (decision 051). A bid takes its place in the line when
 * it arrives, before its own checks (the signature), so a bid whose checks take longer is not overtaken by
 * one that arrived after it. The round's row lock in place_bids is what orders bids across processes; this
 * keeps this process's own bids from racing each other for it (a later, higher bid would overtake an
 * earlier one and get it refused as too low), lets bids that arrive together share one commit, and bounds
 * the pool connections one round's bids may hold: while another transaction holds the round's lock, the
 * bids behind it wait here, holding no connection, and every other request still finds the pool free. A
 * bid that has not had its turn when its budget (the lock timeout, counted from when it is ready) runs out
 * fails with RoundBusy.
 */
export class RoundQueue<I, R> {
  private readonly lines = new Map<string, Line<I, R>>();

  constructor(
    private readonly runBatch: RunBatch<I, R>,
    private readonly atOnce = BATCHES_AT_ONCE,
    private readonly perBatch = BIDS_PER_BATCH,
  ) {}

  /**
   * Takes a place in the round's line at once, then waits for `prepare` (the bid's own checks) to give the
   * item. If `prepare` fails, the place is given up and its error is the answer. `budgetMs` 0 means no
   * limit, as for lock_timeout.
   */
  run(roundId: string, budgetMs: number, prepare: () => I | Promise<I>): Promise<R> {
    let line = this.lines.get(roundId);
    if (!line) {
      line = { running: 0, waiting: [] };
      this.lines.set(roundId, line);
    }
    const known = line;
    return new Promise<R>((resolve, reject) => {
      const waiting: Waiting<I, R> = {
        ready: false,
        until: Number.POSITIVE_INFINITY,
        resolve,
        reject,
        timer: undefined,
      };
      known.waiting.push(waiting);
      const leave = (error: unknown) => {
        const at = known.waiting.indexOf(waiting);
        if (at < 0) return;
        known.waiting.splice(at, 1);
        reject(error);
        this.next(roundId, known);
        this.forget(roundId, known);
      };
      Promise.resolve()
        .then(prepare)
        .then((item) => {
          waiting.item = item;
          waiting.ready = true;
          if (budgetMs > 0) {
            waiting.until = performance.now() + budgetMs;
            waiting.timer = setTimeout(() => leave(new RoundBusy(budgetMs)), budgetMs);
          }
          this.next(roundId, known);
        }, leave);
    });
  }

  /** Sends the ready bids at the front of the line as one batch, if fewer than atOnce batches are out. */
  private next(roundId: string, line: Line<I, R>): void {
    if (line.running >= this.atOnce) return;
    let ready = 0;
    while (ready < line.waiting.length && ready < this.perBatch && line.waiting[ready]?.ready) ready++;
    if (ready === 0) return;
    const batch = line.waiting.splice(0, ready);
    for (const waiting of batch) clearTimeout(waiting.timer);
    line.running++;
    const remainingMs = Math.min(...batch.map((w) => w.until)) - performance.now();
    this.settle(batch, remainingMs).finally(() => {
      line.running--;
      this.next(roundId, line);
      this.forget(roundId, line);
    });
  }

  private async settle(batch: Waiting<I, R>[], remainingMs: number): Promise<void> {
    try {
      const outcomes = await this.runBatch(
        batch.map((w) => w.item as I),
        remainingMs,
      );
      batch.forEach((waiting, i) => {
        const outcome = outcomes[i];
        if (!outcome) waiting.reject(new Error('a batch of bids came back without this bid'));
        else if (outcome.ok) waiting.resolve(outcome.value);
        else waiting.reject(outcome.error);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }

  // Only rounds with bids under way or waiting stay in the map.
  private forget(roundId: string, line: Line<I, R>): void {
    if (line.running === 0 && line.waiting.length === 0 && this.lines.get(roundId) === line)
      this.lines.delete(roundId);
  }
}
