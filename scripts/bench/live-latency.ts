import { performance } from 'node:perf_hooks';
import type { Api } from './http-client';
import type { ServerProcess } from './server-process';
import { SseSwarm } from './sse-swarm';
import { percentile, progress, sleep } from './stats';

export interface LiveOptions {
  server: ServerProcess;
  api: Api;
  roundId: string;
  subscriberCookies: readonly string[];
  /** Bids alternate between these bidders. */
  bidderCookies: readonly string[];
  bids: number;
  gapMs: number;
  startingPrice: number;
  perBidTimeoutMs: number;
}

export interface LiveResult {
  subscribers: number;
  connectMs: number;
  helloes: number;
  rssBefore: number;
  rssAfter: number;
  /** Bid-to-screen latencies of the bids every subscriber got, ms. */
  latencies: number[];
  p50: number | null;
  p95: number | null;
  max: number | null;
  /** Bids that did not reach every subscriber within the per-bid timeout. */
  missed: number;
  /** Bids whose last event arrived before the POST's answer (counted as 0 ms). */
  beforeAnswer: number;
  bidErrors: string[];
  bidsPlaced: number;
  postP50: number | null;
  dropped: number;
  formatProblem: string | null;
  sampleHadBids: boolean;
  sampleEventBytes: number;
  /** CPU used while the bids were placed and delivered, ms: by the server, and by this process. */
  serverCpuMs: number;
  benchCpuMs: number;
  bidLoopMs: number;
}

/**
 * Opens the streams, reads the server's memory before and after, then places bids one at a time and times
 * each from the POST's answer to the moment the last subscriber has the bid's `round` event.
 */
export async function runLive(options: LiveOptions): Promise<LiveResult> {
  const [first, ...rest] = options.subscriberCookies;
  if (!first) throw new Error('no subscribers');

  // One stream first: a missing route fails here at once, and the code paths the streams use are loaded
  // before the memory is read, so the difference is the connections' own.
  const probe = new SseSwarm(options.server.baseUrl);
  try {
    await probe.open([first], 1);
    if (!(await probe.waitForHelloes(5_000))) throw new Error('the first stream got no `hello` event in 5 s');
  } finally {
    probe.close();
  }
  await sleep(1_000);
  const rssBefore = options.server.rss();

  const swarm = new SseSwarm(options.server.baseUrl);
  try {
    const opening = performance.now();
    await swarm.open([first, ...rest], 50);
    const allHello = await swarm.waitForHelloes(30_000);
    const connectMs = performance.now() - opening;
    progress(
      `${swarm.connected} streams open in ${(connectMs / 1000).toFixed(1)} s, ${swarm.helloes} hellos`,
    );
    if (!allHello) progress(`only ${swarm.helloes} of ${swarm.connected} streams got their hello`);
    await sleep(2_000);
    const rssAfter = options.server.rss();

    const latencies: number[] = [];
    const postTimes: number[] = [];
    const bidErrors: string[] = [];
    let placed = 0;
    let missed = 0;
    let beforeAnswer = 0;
    let nothingYet = 0;
    const bidDeadline = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const serverCpuBefore = options.server.cpuMs();
    const benchCpuBefore = process.cpuUsage();
    const loopStarted = performance.now();
    for (let i = 1; i <= options.bids; i++) {
      const cookie = options.bidderCookies[i % options.bidderCookies.length] as string;
      const answer = await options.api.request('POST', '/api/bids', {
        cookie,
        body: { bidRoundId: options.roundId, amount: options.startingPrice + i * 10_000, bidDeadline },
      });
      postTimes.push(answer.took);
      const bidId: unknown = answer.body?.bid?.id;
      if (answer.status !== 201 || typeof bidId !== 'string') {
        bidErrors.push(`${answer.status} ${answer.body?.message ?? ''}`);
        continue;
      }
      placed++;
      const arrival = await swarm.waitForBid(bidId, options.perBidTimeoutMs);
      if (arrival && arrival.count >= swarm.alive) {
        if (arrival.last < answer.at) beforeAnswer++;
        latencies.push(Math.max(0, arrival.last - answer.at));
      } else {
        missed++;
        progress(`bid ${i}: ${arrival?.count ?? 0} of ${swarm.alive} subscribers got it in time`);
      }
      // Bids that reach nobody at all three times over: the server does not announce bids; stop waiting.
      nothingYet = arrival ? 0 : nothingYet + 1;
      if (nothingYet >= 3) {
        bidErrors.push('no `round` event with change "bid" arrived for 3 bids in a row; stopped');
        break;
      }
      await sleep(options.gapMs);
    }
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const serverCpuMs = options.server.cpuMs() - serverCpuBefore;
    return {
      subscribers: swarm.connected,
      connectMs,
      helloes: swarm.helloes,
      rssBefore,
      rssAfter,
      latencies,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.length ? Math.max(...latencies) : null,
      missed,
      beforeAnswer,
      bidErrors,
      bidsPlaced: placed,
      postP50: percentile(postTimes, 50),
      dropped: swarm.dropped,
      formatProblem: swarm.formatProblem,
      sampleHadBids: swarm.sampleHadBids,
      sampleEventBytes: swarm.sampleEventBytes,
      serverCpuMs,
      benchCpuMs: (benchCpu.user + benchCpu.system) / 1000,
      bidLoopMs: performance.now() - loopStarted,
    };
  } finally {
    swarm.close();
  }
}
