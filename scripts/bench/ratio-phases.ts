import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { runStorm } from './bid-storm';
import type { Config } from './config';
import type { Api } from './http-client';
import type { PhaseOutput } from './phases';
import { measure, measureInterleaved, type Throughput } from './read-ratio';
import type { Fixture } from './seed';
import { STARTING_PRICE } from './seed';
import type { ServerProcess } from './server-process';
import { ROOT, startHello } from './servers';
import { fill, ms, num, progress, type Row } from './stats';

// The two figures that are ratios to a Fastify hello world measured in the same run (decision 050): the
// bid storm, as accepted bids per 1,000 hello req/s, and the signed-in list, as a share of hello.

export const STORM_PER_1000_TARGET = 18.5;
export const READ_RATIO_TARGET = 0.3;

export const stormRows = (c: Config): Row[] => [
  {
    figure: `Bid storm: ${c.stormBidders} bidders, one round, ${c.stormMs / 1000} s, PostgreSQL; accepted bids/s per 1,000 hello req/s of the same run`,
    result: '',
    target: `≥ ${STORM_PER_1000_TARGET}; 0 lost, 0 dup, 0 out of order, 0 × 5xx; the chain whole`,
    met: null,
  },
];
export const readRows = (c: Config): Row[] => [
  {
    figure: `Read ratio: signed-in GET /api/bid-rounds/active ÷ Fastify hello world (${c.connections} connections, ${c.readS} s each, interleaved in ${c.readSliceS} s slices, a fresh client address per request)`,
    result: '',
    target: `≥ ${READ_RATIO_TARGET}`,
    met: null,
  },
];

async function withHello<T>(work: (url: string, hello: ServerProcess) => Promise<T>): Promise<T> {
  const hello = await startHello();
  try {
    return await work(`${hello.baseUrl}/`, hello);
  } finally {
    await hello.stop();
  }
}

export async function runStormPhase(
  api: Api,
  pool: pg.Pool,
  fixture: Fixture,
  c: Config,
): Promise<PhaseOutput> {
  // Hello right before the storm, on the same machine in the same minute, while the Budrunde server waits
  // idle. Not after it: the server's job worker then catches up on the storm's mail, and hello would share
  // the cores with it.
  const { helloRate, r } = await withHello(async (url) => ({
    helloRate: await measure(url, {
      connections: c.connections,
      durationS: c.stormHelloS,
      warmupS: c.warmupS,
    }),
    r: await runStorm(api, pool, {
      roundId: fixture.storm.roundId,
      cookies: fixture.storm.cookies,
      startingPrice: STARTING_PRICE,
      durationMs: c.stormMs,
      step: 1_000,
    }),
  }));
  const hello = helloRate.requestsPerSecond;
  const per1000 = (r.acceptedPerSecond / hello) * 1000;
  const fanOut = await waitForFanOut(pool, FAN_OUT_WAIT_MS);
  const chain = await verifyStormChain(api, fixture, r.accepted);
  const clean =
    r.lost === 0 &&
    r.duplicateIds === 0 &&
    r.duplicateAmounts === 0 &&
    r.outOfOrder === 0 &&
    r.serverErrors === 0 &&
    r.errors === 0 &&
    chain.ok;
  const result =
    `${per1000.toFixed(1)} per 1,000 (${num(r.acceptedPerSecond)} accepted bids/s ÷ ${num(hello)} hello req/s); ` +
    `${num(r.accepted)} accepted, ${num(r.refused)} refused as too low, ${num(r.errors)} errors (${r.serverErrors} × 5xx); ` +
    `latency p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; lost ${r.lost}, duplicates ${r.duplicateIds + r.duplicateAmounts}, out of order ${r.outOfOrder}; chain: ${chain.summary}`;
  return {
    rows: [fill(stormRows(c)[0], result, per1000 >= STORM_PER_1000_TARGET && clean)],
    details: [
      `storm: hello measured right before the storm: ${num(hello)} req/s (${c.connections} connections, ${c.stormHelloS} s, p50 ${ms(helloRate.p50)})`,
      `storm: ${num(r.accepted + r.refused + r.errors)} requests in ${(r.elapsedMs / 1000).toFixed(1)} s; duplicate ids ${r.duplicateIds}, duplicate amounts ${r.duplicateAmounts}, bids in the database without a 201 answer ${r.unannounced}`,
      fanOut.pending === 0
        ? `storm: every bid's notifications were queued (its bid:placed job done) ${(fanOut.ms / 1000).toFixed(1)} s after the storm; ${num(fanOut.messages)} mails and SMS were then waiting to go out`
        : `storm: ${num(fanOut.pending)} bids still had their notifications to queue ${(fanOut.ms / 1000).toFixed(0)} s after the storm`,
      ...r.errorSamples.map((e) => `storm: error: ${e}`),
    ],
  };
}

/**
 * The stormed round's chain as its owner exports it, checked by `npm run verify-journal --key` against the
 * server's key (exit 0: whole), and every accepted bid's act in it.
 */
async function verifyStormChain(api: Api, fixture: Fixture, accepted: number) {
  const answer = await api.expect(200, 'GET', `/api/bid-rounds/${fixture.storm.roundId}/journal/export`, {
    cookie: fixture.storm.ownerCookie,
  });
  const exported = answer.body as { acts: { act: { kind?: string } }[] };
  const bidActs = exported.acts.filter((link) => link.act.kind === 'bid').length;
  const dir = mkdtempSync(join(os.tmpdir(), 'budrunde-bench-chain-'));
  const file = join(dir, 'budkjede.json');
  writeFileSync(file, JSON.stringify(exported));
  // Held to the server's key (decision 057): every link of the storm signed, and the head.
  const keys = await api.expect(200, 'GET', '/.well-known/budrunde-chain-key.json');
  const keyFile = join(dir, 'nokkel.json');
  writeFileSync(keyFile, JSON.stringify(keys.body));
  let verified = false;
  try {
    execFileSync('npm', ['run', '--silent', 'verify-journal', '--', file, '--key', keyFile], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    verified = true;
  } catch (error) {
    progress(`verify-journal failed on the stormed round: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The storm round has no bids before the storm, so its bid acts are exactly the storm's accepted bids.
  const ok = verified && bidActs === accepted;
  const summary = `${num(exported.acts.length)} acts, ${num(bidActs)} of them bids; npm run verify-journal ${verified ? 'says whole' : 'FAILED'}`;
  return { ok, summary };
}

export async function runReadPhase(
  server: ServerProcess,
  api: Api,
  fixture: Fixture,
  c: Config,
): Promise<PhaseOutput> {
  // The figure is about the signed-in list: make sure the cookie gets it, not the visitors' list.
  const sample = await api.expect(200, 'GET', '/api/bid-rounds/active', { cookie: fixture.reader.cookie });
  const list: { property?: { price?: number } }[] = Array.isArray(sample.body) ? sample.body : [];
  const bytes = Buffer.byteLength(JSON.stringify(sample.body));
  if (list.length !== c.openRounds || typeof list[0]?.property?.price !== 'number') {
    throw new Error(`the reader's list has ${list.length} rounds, or is not the signed-in view`);
  }
  const [helloRate, active] = await withHello((url, hello) =>
    measureInterleaved(
      { url, cpuMs: () => hello.cpuMs() },
      {
        url: `${server.baseUrl}/api/bid-rounds/active`,
        cookie: fixture.reader.cookie,
        cpuMs: () => server.cpuMs(),
      },
      {
        connections: c.connections,
        durationS: c.readS,
        warmupS: c.warmupS,
        sliceS: c.readSliceS,
        freshAddresses: true,
      },
    ),
  );
  const ratio = active.requestsPerSecond / helloRate.requestsPerSecond;
  const suspect = active.failures + helloRate.failures > 0;
  const result = `${ratio.toFixed(3)} (${num(active.requestsPerSecond)} ÷ ${num(helloRate.requestsPerSecond)} req/s)${suspect ? `; ${active.failures} failed answers on the list, ${helloRate.failures} on hello` : ''}`;
  return {
    rows: [fill(readRows(c)[0], result, ratio >= READ_RATIO_TARGET && !suspect)],
    details: [
      `read: server CPU per request: the list ${us(active.cpuUsPerRequest)}, hello ${us(helloRate.cpuUsPerRequest)} (${cpuRatio(helloRate, active)} of the list's); steadier than req/s when other work shares the cores; autocannon's own CPU per request: the list ${us(active.clientUsPerRequest)}, hello ${us(helloRate.clientUsPerRequest)}`,
      `read: /api/bid-rounds/active latency p50 ${ms(active.p50)}, p99 ${ms(active.p99)}; hello p50 ${ms(helloRate.p50)}, p99 ${ms(helloRate.p99)}; ${c.openRounds} open rounds with 2–3 bids on most, read before the other phases bid; the answer is ${num(bytes)} bytes`,
    ],
  };
}

export type { Throughput };

const us = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} µs`);
const cpuRatio = (hello: Throughput, list: Throughput) =>
  hello.cpuUsPerRequest && list.cpuUsPerRequest
    ? (hello.cpuUsPerRequest / list.cpuUsPerRequest).toFixed(3)
    : 'n/a';

const FAN_OUT_WAIT_MS = 120_000;

/**
 * While the server is busy answering bids its job worker steps back; this times how long the notifications
 * take to catch up once the storm is over: until every bid:placed job (which queues a bid's mails and SMS)
 * is done, or `limitMs` has passed.
 */
async function waitForFanOut(pool: pg.Pool, limitMs: number) {
  const started = Date.now();
  const pendingOf = async (type: string, negate = false) => {
    const { rows } = await pool.query<{ n: string }>(
      `select count(*) as n from jobs where completed_at is null and failed_at is null and (type = $1) <> $2`,
      [type, negate],
    );
    return Number(rows[0]?.n ?? 0);
  };
  let pending = await pendingOf('bid:placed');
  while (pending > 0 && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    pending = await pendingOf('bid:placed');
  }
  return { pending, ms: Date.now() - started, messages: await pendingOf('bid:placed', true) };
}
