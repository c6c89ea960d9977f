import type pg from 'pg';
import type { Config } from './config';
import type { Api } from './http-client';
import { runLive } from './live-latency';
import { runMailRate } from './mail-rate';
import { runNotifyFlood } from './notify-flood';
import type { Fixture } from './seed';
import { STARTING_PRICE } from './seed';
import type { ServerProcess } from './server-process';
import type { SmtpSink } from './smtp-sink';
import { fill, mb, ms, num, type Row } from './stats';

export interface PhaseOutput {
  rows: Row[];
  details: string[];
}

// The rows each phase fills in; also shown, marked as not measured, when the phase fails.
export const liveRows = (c: Config): Row[] => [
  {
    figure: `Bid-to-screen latency: ${num(c.subscribers)} SSE subscribers on one round, ${c.liveBids} bids`,
    result: '',
    target: 'p95 < 1 s',
    met: null,
  },
  {
    figure: `Server memory (RSS) with ${num(c.subscribers)} idle subscribers`,
    result: '',
    target: '–',
    met: null,
  },
];
export const mailRows = (c: Config): Row[] => [
  {
    figure: `Mails/s to a local SMTP sink: round with ${c.mailFollowers} followers, ${c.mailBids} bids`,
    result: '',
    target: 'all within seconds',
    met: null,
  },
];
export const notifyRows = (c: Config): Row[] => [
  {
    figure: `Notification storm: ${num(c.notifyBids)} bids on one round with ${c.notifyFollowers} followers: messages queued`,
    result: '',
    target: 'a few hundred to owner and followers',
    met: null,
  },
  {
    figure:
      'Notification storm: seconds from the first bid until the last of those messages is sent (and the last receipt)',
    result: '',
    target: '≤ 120 s',
    met: null,
  },
];
const sec = (s: number | null) => (s === null ? '–' : `${s.toFixed(1)} s`);
const pct = (cpu: number, wall: number) => `${Math.round((cpu / Math.max(1, wall)) * 100)}%`;

export async function runLivePhase(
  server: ServerProcess,
  api: Api,
  fixture: Fixture,
  c: Config,
): Promise<PhaseOutput> {
  const r = await runLive({
    server,
    api,
    roundId: fixture.live.roundId,
    subscriberCookies: fixture.live.subscriberCookies,
    bidderCookies: fixture.live.bidderCookies,
    bids: c.liveBids,
    gapMs: c.liveGapMs,
    startingPrice: STARTING_PRICE,
    perBidTimeoutMs: c.perBidTimeoutMs,
  });
  const [latencyRow, memoryRow] = liveRows(c);
  const delivered = r.latencies.length;
  const complete = r.missed === 0 && r.bidErrors.length === 0 && r.dropped === 0;
  const latency = `p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · max ${ms(r.max)}; ${delivered} of ${c.liveBids} bids reached all ${num(r.subscribers)} subscribers${r.missed ? `; ${r.missed} missed the ${c.perBidTimeoutMs / 1000} s limit` : ''}`;
  const grown = r.rssAfter - r.rssBefore;
  const memory = `${mb(r.rssBefore)} before, ${mb(r.rssAfter)} after: ${(grown / Math.max(1, r.subscribers) / 1024).toFixed(1)} KB per connection`;
  return {
    rows: [
      fill(latencyRow, latency, r.p95 !== null && r.p95 < 1000 && complete),
      fill(memoryRow, memory, null),
    ],
    details: [
      `live: ${num(r.subscribers)} streams open in ${(r.connectMs / 1000).toFixed(1)} s, ${num(r.helloes)} hello events, ${r.dropped} dropped during the run`,
      `live: POST /api/bids answered in ${ms(r.postP50)} (p50) with ${num(r.subscribers)} followers; ${r.beforeAnswer} bids reached the last subscriber before their POST answer (counted as 0 ms)`,
      `live: the checked subscriber's bid events ${r.sampleHadBids ? 'carried' : 'did NOT carry'} the participants' bid list (last one ${num(r.sampleEventBytes)} bytes)${r.formatProblem ? `; FORMAT PROBLEM: ${r.formatProblem}` : ''}`,
      `live: CPU during the ${(r.bidLoopMs / 1000).toFixed(1)} s of bids: server ${pct(r.serverCpuMs, r.bidLoopMs)}, this bench process ${pct(r.benchCpuMs, r.bidLoopMs)} of one core; the server's mail went to its database outbox`,
      ...r.bidErrors.slice(0, 5).map((e) => `live: bid refused or failed: ${e}`),
    ],
  };
}

export async function runMailPhase(
  api: Api,
  sink: SmtpSink,
  fixture: Fixture,
  c: Config,
): Promise<PhaseOutput> {
  // Run with NOTIFY_WINDOW_S=0 (see bench.ts): one new-bid mail per bid and follower, as this figure has
  // always measured the mail path's throughput; the folding is measured by the notify phase.
  const r = await runMailRate(api, sink, {
    roundId: fixture.mail.roundId,
    bidderCookie: fixture.mail.bidderCookie,
    bidderEmail: fixture.mail.bidder.email,
    ownerEmail: fixture.owner.email,
    followerEmails: fixture.mail.followers.map((f) => f.email),
    bids: c.mailBids,
    startingPrice: STARTING_PRICE,
    waitMs: c.mailWaitMs,
  });
  const result = `${num(r.mailsPerSecond, 1)} mails/s (${num(r.received)} of ${num(r.expected)} in ${(r.elapsedMs / 1000).toFixed(1)} s${r.complete ? '' : `; INCOMPLETE after the ${c.mailWaitMs / 1000} s limit`})`;
  return {
    rows: [fill(mailRows(c)[0], result, null)],
    details: [
      `mail: expected per bid 1 receipt + 1 owner + ${c.mailFollowers} followers; the ${c.mailBids} bids took ${ms(r.bidsMs)} to place`,
      `mail: recipients short of one mail per bid: ${r.recipientsShort}; mails beyond the expected: ${r.extra}`,
    ],
  };
}

export async function runNotifyPhase(
  api: Api,
  pool: pg.Pool,
  sink: SmtpSink,
  fixture: Fixture,
  c: Config,
): Promise<PhaseOutput> {
  const r = await runNotifyFlood(api, pool, sink, {
    roundId: fixture.notify.roundId,
    cookies: fixture.storm.cookies,
    startingPrice: STARTING_PRICE,
    bids: c.notifyBids,
    stormMaxMs: c.notifyStormMaxMs,
    waitMs: c.notifyWaitMs,
  });
  const [queuedRow, lastRow] = notifyRows(c);
  const notices = r.noticeMails + r.noticeSms;
  const queued = `${num(notices)} new-bid messages to the owner and followers (${num(r.noticeMails)} mails to ${r.noticeRecipients} people, ${num(r.noticeSms)} SMS), plus ${num(r.receipts)} receipts to the bidders (one per bid, never folded)`;
  // The targets above ("a few hundred", "≤ 120 s") count the owner's and the
  // followers'; the receipts (one per bid) are timed beside them.
  const last =
    r.lastNoticeS === null
      ? 'no message was sent'
      : `${sec(r.lastNoticeS)} (the last receipt: ${sec(r.lastReceiptS)})${r.complete ? '' : `; NOT ALL SENT within the ${c.notifyWaitMs / 1000} s wait`}`;
  return {
    rows: [
      fill(queuedRow, queued, notices <= 500 && r.accepted >= c.notifyBids),
      fill(lastRow, last, r.complete && r.lastNoticeS !== null && r.lastNoticeS <= 120),
    ],
    details: [
      `notify: ${num(r.accepted)} bids accepted in ${(r.stormMs / 1000).toFixed(1)} s by ${fixture.storm.cookies.length} bidders, who follow the round once they bid; ${c.notifyFollowers} followers who do not bid; the owner. NOTIFY_WINDOW_S=60 (the default)`,
      `notify: seconds after the first bid: every bid fanned out (bid:placed done) ${sec(r.fannedOutS)}, last message of any kind sent ${sec(r.lastSentS)}`,
      `notify: ${num(r.pendingAtStormEnd)} background jobs waiting when the storm ended (the bids' fan-out jobs, their receipts and the lapse jobs due at their acceptance deadlines); ${num(r.mailsAtSink)} mails reached the SMTP sink`,
    ],
  };
}
