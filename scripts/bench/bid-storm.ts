import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Api } from './http-client';
import { percentile } from './stats';

export interface StormOptions {
  roundId: string;
  /** One session cookie per bidder. */
  cookies: readonly string[];
  startingPrice: number;
  durationMs: number;
  step: number;
  /** Stop once this many bids were accepted (a storm of a given size rather than a given time). */
  maxAccepted?: number;
}

export interface StormResult {
  bidders: number;
  elapsedMs: number;
  accepted: number;
  refused: number;
  errors: number;
  /** Answers with a 5xx status (counted among the errors too). */
  serverErrors: number;
  errorSamples: string[];
  p50: number | null;
  p99: number | null;
  acceptedPerSecond: number;
  /** 201 answers whose bid is not in the database. */
  lost: number;
  /** Bid ids answered twice. */
  duplicateIds: number;
  /** Amounts held by more than one bid of the round. */
  duplicateAmounts: number;
  /** Bids, in created_at order, whose amount is not above the one before. */
  outOfOrder: number;
  /** Bids in the database that no 201 answer announced (a request that failed after its commit). */
  unannounced: number;
}

/**
 * Every bidder bids as fast as it can until the time is up. Amounts come from one shared counter, so each
 * bid is the highest yet sent plus a step; a bid overtaken under the round's lock by a higher one that was
 * sent later is refused as too low, which is a normal refusal, not a failure.
 */
export async function runStorm(api: Api, pool: pg.Pool, options: StormOptions): Promise<StormResult> {
  const bidDeadline = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  const acceptedIds: string[] = [];
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let refused = 0;
  let errors = 0;
  let serverErrors = 0;
  let sequence = 0;
  const started = performance.now();
  const stopAt = started + options.durationMs;

  const noteError = (text: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(text);
  };

  const bidder = async (cookie: string) => {
    while (
      performance.now() < stopAt &&
      acceptedIds.length < (options.maxAccepted ?? Number.POSITIVE_INFINITY)
    ) {
      const amount = options.startingPrice + ++sequence * options.step;
      try {
        const answer = await api.request('POST', '/api/bids', {
          cookie,
          body: { bidRoundId: options.roundId, amount, bidDeadline },
        });
        latencies.push(answer.took);
        if (answer.status === 201 && typeof answer.body?.bid?.id === 'string')
          acceptedIds.push(answer.body.bid.id);
        else if (answer.status === 400 && isTooLow(answer.body)) refused++;
        else {
          if (answer.status >= 500) serverErrors++;
          noteError(`${answer.status} ${answer.body?.message ?? ''}`);
        }
      } catch (error) {
        noteError((error as Error).message);
      }
    }
  };
  await Promise.all(options.cookies.map(bidder));
  const elapsedMs = performance.now() - started;

  const check = await verifyRound(pool, options.roundId, acceptedIds);
  return {
    bidders: options.cookies.length,
    elapsedMs,
    accepted: acceptedIds.length,
    refused,
    errors,
    serverErrors,
    errorSamples,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    acceptedPerSecond: acceptedIds.length / (elapsedMs / 1000),
    ...check,
  };
}

/** A 400 about the amount: the bid was not above the highest when it got the lock. */
function isTooLow(body: { errors?: { path?: string }[] } | null): boolean {
  return Boolean(body?.errors?.some((e) => e.path === 'amount'));
}

/** What the database holds after the storm, against what the answers said. */
async function verifyRound(pool: pg.Pool, roundId: string, acceptedIds: readonly string[]) {
  const unique = new Set(acceptedIds);
  const { rows: found } = await pool.query<{ n: string }>(
    'select count(*) as n from bids where id = any($1::uuid[]) and bid_round_id = $2',
    [[...unique], roundId],
  );
  const { rows: dupAmounts } = await pool.query<{ n: string }>(
    `select count(*) as n from (
       select amount from bids where bid_round_id = $1 group by amount having count(*) > 1) d`,
    [roundId],
  );
  // Ties in created_at are ordered by amount, so they never count as out of order; created_at comes from
  // clock_timestamp() under the round's lock, so ties do not happen in practice.
  const { rows: disorder } = await pool.query<{ n: string }>(
    `select count(*) as n from (
       select amount, lag(amount) over (order by created_at, amount) as previous
       from bids where bid_round_id = $1) o
     where previous is not null and amount <= previous`,
    [roundId],
  );
  const { rows: total } = await pool.query<{ n: string }>(
    'select count(*) as n from bids where bid_round_id = $1',
    [roundId],
  );
  return {
    lost: unique.size - Number(found[0]?.n ?? 0),
    duplicateIds: acceptedIds.length - unique.size,
    duplicateAmounts: Number(dupAmounts[0]?.n ?? 0),
    outOfOrder: Number(disorder[0]?.n ?? 0),
    unannounced: Number(total[0]?.n ?? 0) - unique.size,
  };
}
