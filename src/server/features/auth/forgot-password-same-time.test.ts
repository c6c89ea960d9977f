import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/setup/test-app';
import { createUser } from '../accounts/accounts.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(
    t.deps.db,
    { email: 'glemsk@example.no', password: 'hemmelig1', firstName: 'Glemsk', lastName: 'Person' },
    { emailVerified: true },
  );
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const KNOWN = 'glemsk@example.no';
let nextIp = 0;

/** One forgot-password call from a fresh address, timed. The answer must be the usual 200. */
async function timeForgot(email: string): Promise<number> {
  nextIp += 1;
  const started = process.hrtime.bigint();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: `10.20.${nextIp >> 8}.${nextIp & 255}`,
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  expect(res.statusCode).toBe(200);
  return elapsed;
}

/**
 * The lower quartile: what a request costs when the machine leaves it alone. Load from the other test
 * projects running beside this one only ever adds time, in bursts, and moved a median by 2 ms once in CI;
 * the quartile keeps the work itself, which is what would differ between the two addresses.
 */
const lowerQuartile = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 4)] ?? 0;

describe('forgot-password for a known and an unknown address', () => {
  it('takes about the same time, and mails only the known one', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    // The first rounds warm up the JIT, the statement caches and the pool; they are not counted.
    for (let i = 0; i < 60; i++) {
      // The per-address limit (3 an hour) would otherwise end the work early for the known address, and the
      // comparison would be of two early returns.
      t.clock.advance(HOUR + 1000);
      // Alternate who goes first, so that a burst of load on the machine hits both sides alike.
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      const took = { known: 0, unknown: 0 };
      for (const side of order) {
        took[side] = await timeForgot(side === 'known' ? KNOWN : `ukjent-${i}@example.no`);
      }
      if (i < 10) continue;
      known.push(took.known);
      unknown.push(took.unknown);
    }
    const [a, b] = [lowerQuartile(known), lowerQuartile(unknown)];
    console.info(`forgot-password lower quartiles: known ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`);
    // Quartiles of 50 shrug off the slow requests (a GC pause, the other core busy). The bound is 30% of the
    // slower one or 1 ms, whichever is larger: the gap decision 012 records (5.2 against 2.4 ms) is far
    // outside it, while scheduling noise on a busy 2-core machine stays well inside.
    expect(Math.abs(a - b)).toBeLessThan(Math.max(1, 0.3 * Math.max(a, b)));

    await t.runJobs();
    expect((await t.mails('glemsk@example.no')).length).toBeGreaterThan(0);
    expect((await t.mails()).every((m) => m.to === 'glemsk@example.no')).toBe(true);
  });
});
