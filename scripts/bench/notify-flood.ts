import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { runStorm } from './bid-storm';
import type { Api } from './http-client';
import type { SmtpSink } from './smtp-sink';
import { sleep } from './stats';

export interface FloodOptions {
  roundId: string;
  cookies: readonly string[];
  startingPrice: number;
  bids: number;
  stormMaxMs: number;
  waitMs: number;
}

export interface FloodResult {
  accepted: number;
  stormMs: number;
  /** Mail and SMS jobs the storm caused: new-bid messages (now folded) to the owner and followers. */
  noticeMails: number;
  noticeSms: number;
  /** The bidders' receipts: one per bid, never folded. */
  receipts: number;
  /** Owner and followers told: distinct addresses of the notices. */
  noticeRecipients: number;
  /** Background jobs waiting when the storm ended (all types), the figure the audit found at 154,732. */
  pendingAtStormEnd: number;
  /** From the first bid sent to the last message handed to SMTP or the SMS provider. */
  lastSentS: number | null;
  /** The same for the owner's and followers' messages only, and for the receipts only. */
  lastNoticeS: number | null;
  lastReceiptS: number | null;
  /** From the first bid to the last bid's fan-out job done (its receipt and messages queued). */
  fannedOutS: number | null;
  /** Every message was out within the wait. */
  complete: boolean;
  mailsAtSink: number;
}

// Receipts are mail:send; the owner's and followers' notices mail:notice (decision 028), and their new-bid
// notices bid:new-bid-mail and bid:new-bid-sms, written as they go out (decision 053); other SMS sms:send.
// A new-bid notice that finds its person leading is counted here though it sends nothing.
const MESSAGE_TYPES = ['mail:send', 'mail:notice', 'bid:new-bid-mail', 'sms:send', 'bid:new-bid-sms'];
// What the storm sets off and must be done before its last message is out. The lapse jobs of its bids run
// hours later, at their acceptance deadlines, and are not waited for.
const STORM_WORK = ['bid:placed', 'bid:notice-digest', ...MESSAGE_TYPES];

/**
 * Decision 028: a storm of `bids` bids on one round with followers, then how many messages it queued
 * and how long until the last one was out (mail to the SMTP sink, SMS to the log provider).
 */
export async function runNotifyFlood(
  api: Api,
  pool: pg.Pool,
  sink: SmtpSink,
  options: FloodOptions,
): Promise<FloodResult> {
  sink.reset();
  const { rows: clock } = await pool.query<{ now: Date }>('select clock_timestamp() as now');
  const since = clock[0]?.now ?? new Date();
  const started = performance.now();
  const storm = await runStorm(api, pool, {
    roundId: options.roundId,
    cookies: options.cookies,
    startingPrice: options.startingPrice,
    durationMs: options.stormMaxMs,
    step: 1_000,
    maxAccepted: options.bids,
  });
  const stormMs = performance.now() - started;
  const pendingAtStormEnd = await count(
    pool,
    'select count(*) as n from jobs where completed_at is null and failed_at is null',
  );
  const stormWork = `type = any($1) and created_at >= $2 and completed_at is null and failed_at is null`;
  let pending = 1;
  while (performance.now() - started < options.waitMs) {
    pending = await count(pool, `select count(*) as n from jobs where ${stormWork}`, [STORM_WORK, since]);
    if (pending === 0) break;
    await sleep(500);
  }
  const { rows } = await pool.query<{ kind: string; n: string; last: Date | null; people: string }>(
    `select case when type in ('sms:send', 'bid:new-bid-sms') then 'sms'
              when type in ('mail:notice', 'bid:new-bid-mail') then 'mail'
              when payload->'mail'->>'subject' like 'Kvittering for bud%' then 'receipt'
              else 'mail' end as kind,
            count(*) as n, max(completed_at) as last,
            count(distinct coalesce(payload->'mail'->>'to', payload->>'to', payload->>'userId')) as people
     from jobs where type = any($1) and created_at >= $2 group by 1`,
    [MESSAGE_TYPES, since],
  );
  const of = (kind: string) => rows.find((r) => r.kind === kind);
  const secondsAfter = (time: Date | string | null | undefined) =>
    time ? (new Date(time).getTime() - since.getTime()) / 1000 : null;
  const last = rows.reduce((max, r) => Math.max(max, r.last ? new Date(r.last).getTime() : 0), 0);
  const noticeTimes = rows.filter((r) => r.kind !== 'receipt' && r.last).map((r) => new Date(r.last as Date));
  const { rows: fanOut } = await pool.query<{ last: Date | null }>(
    `select max(completed_at) as last from jobs where type = 'bid:placed' and created_at >= $1`,
    [since],
  );
  return {
    accepted: storm.accepted,
    stormMs,
    noticeMails: Number(of('mail')?.n ?? 0),
    noticeSms: Number(of('sms')?.n ?? 0),
    receipts: Number(of('receipt')?.n ?? 0),
    noticeRecipients: Number(of('mail')?.people ?? 0),
    pendingAtStormEnd,
    lastSentS: last ? (last - since.getTime()) / 1000 : null,
    lastNoticeS: noticeTimes.length ? secondsAfter(new Date(Math.max(...noticeTimes.map(Number)))) : null,
    lastReceiptS: secondsAfter(of('receipt')?.last),
    fannedOutS: secondsAfter(fanOut[0]?.last),
    complete: pending === 0,
    mailsAtSink: sink.count,
  };
}

async function count(pool: pg.Pool, text: string, values: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(text, values);
  return Number(rows[0]?.n ?? 0);
}
