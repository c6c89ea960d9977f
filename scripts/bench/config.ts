/** Command-line switches and the sizes of each phase. --quick is for trying the bench out, not for figures. */
const args = process.argv.slice(2);

export const quick = args.includes('--quick');
export const noBuild = args.includes('--no-build');

export const PHASES = ['read', 'live', 'storm', 'mail', 'notify'] as const;
export type Phase = (typeof PHASES)[number];

const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const unknown = only?.filter((p) => !(PHASES as readonly string[]).includes(p)) ?? [];
if (unknown.length)
  throw new Error(`--only: unknown phase ${unknown.join(', ')}; known: ${PHASES.join(', ')}`);

export const selected = (phase: Phase) => !only || only.includes(phase);

export const config = {
  subscribers: quick ? 200 : 2_000,
  stormBidders: 20,
  stormMs: quick ? 3_000 : 10_000,
  mailFollowers: 200,
  mailBids: 10,
  mailWaitMs: quick ? 30_000 : 120_000,
  liveBids: quick ? 10 : 30,
  liveGapMs: 200,
  perBidTimeoutMs: 10_000,
  readS: quick ? 3 : 10,
  /** The read figure alternates hello and the list in slices of this many seconds (decision 050). */
  readSliceS: quick ? 1 : 2,
  /** Hello is measured this long right before the storm. */
  stormHelloS: quick ? 2 : 10,
  warmupS: quick ? 1 : 2,
  connections: 50,
  openRounds: 20,
  // Decision 028: a storm of this many bids on a round with this many followers, and how long the
  // notifications may take to be out (the storm is cut off at notifyStormMaxMs if bids are slower).
  notifyBids: quick ? 1_000 : 7_000,
  notifyFollowers: 20,
  notifyStormMaxMs: 60_000,
  notifyWaitMs: 240_000,
};
export type Config = typeof config;

export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
