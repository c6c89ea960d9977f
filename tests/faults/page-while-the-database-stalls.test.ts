import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_BUDGET_MS, FIRST_SCREEN_PAUSE_MS } from '../../src/server/http/first-screen';
import { signInVerified } from '../setup/admin';
import { firstScreenIn } from '../setup/first-screen';
import { holdRoundRow } from '../setup/round-row-held';
import { createRoundAs, placeBid } from '../setup/rounds';
import { createTestApp, type TestApp } from '../setup/test-app';

const LOCK_TIMEOUT_MS = 3000;
let t: TestApp;
let holder: pg.Client;

beforeAll(async () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'budrunde-stall-pages-'));
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{}');
  // Two connections: bids stuck on a locked round take both (a process lets two bids per round through at a time).
  t = await createTestApp({
    clientDir,
    pg: { max: 2, lockTimeoutMs: LOCK_TIMEOUT_MS, connectionTimeoutMs: LOCK_TIMEOUT_MS },
  });
});
afterAll(async () => {
  await holder?.end().catch(() => {});
  await t?.close();
});

describe('a page while every database connection is stuck', () => {
  it('comes within 1.5 s without the first data it could not get; pages skip first data for a while, then have it again', async () => {
    const seller = await signInVerified(t, 'selger@example.no');
    const bidder = await signInVerified(t, 'byder@example.no');
    const round = await createRoundAs(t, seller);

    // A stalled transaction elsewhere holds the round's row; bids on it wait on the lock, each holding one
    // of the two connections, until the lock timeout.
    holder = await holdRoundRow(t, round.id);
    const stuck = Array.from({ length: 4 }, (_, i) => placeBid(t, bidder, round.id, 4_000_000 + i * 10_000));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const started = performance.now();
    const page = await t.request({ method: 'GET', url: `/budrunder/${round.id}`, cookie: bidder });
    const ms = performance.now() - started;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(ms).toBeLessThan(1_500);
    const during = firstScreenIn(page.body);
    const roundKey = JSON.stringify(['/api/bid-rounds', round.id]);
    expect(during?.entries.some((entry) => JSON.stringify(entry.key) === roundKey) ?? false).toBe(false);

    await holder.query('rollback');
    await Promise.all(stuck);
    // Right after a call ran over its budget, pages go without first data (the browser fetches it), so a
    // stalled database does not get every call twice; after the pause they carry it again.
    const paused = await t.request({ method: 'GET', url: `/budrunder/${round.id}`, cookie: bidder });
    expect(firstScreenIn(paused.body)).toBeNull();
    await new Promise((resolve) =>
      setTimeout(
        resolve,
        FIRST_SCREEN_BUDGET_MS + FIRST_SCREEN_PAUSE_MS - (performance.now() - started) + 200,
      ),
    );
    const after = await t.request({ method: 'GET', url: `/budrunder/${round.id}`, cookie: bidder });
    expect(firstScreenIn(after.body)?.entries.some((entry) => JSON.stringify(entry.key) === roundKey)).toBe(
      true,
    );
  });
});
