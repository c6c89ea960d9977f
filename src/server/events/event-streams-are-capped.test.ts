import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/setup/accounts';
import { type EventStream, openEventStream } from '../../../tests/setup/event-stream';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

// Decision 027: one address held 1,200 open /api/events streams and kept growing. Now at most 20 per
// signed-in user and 100 per visitors' address (an IPv6 client by its /64); past the cap a new stream gets
// 429 'For mange åpne tilkoblinger'.

let t: TestApp;
let baseUrl: string;
const opened: EventStream[] = [];

beforeAll(async () => {
  // One proxy in front: the client is the address it appends to X-Forwarded-For.
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t.close();
});

async function open(address: string, cookie?: string): Promise<EventStream> {
  const s = await openEventStream(baseUrl, cookie, { 'x-forwarded-for': address });
  opened.push(s);
  if (s.status === 200) await s.next('hello', () => true, 10_000);
  return s;
}

async function openMany(count: number, addressOf: (i: number) => string, cookie?: string) {
  const streams: EventStream[] = [];
  for (let i = 0; i < count; i++) streams.push(await open(addressOf(i), cookie));
  return streams;
}

/** The refusal as a client sees it: status, body and Retry-After. */
async function refusal(address: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/events',
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

/** Opens streams until one is let in again: the server hears of a closed stream a moment later. */
async function openOnceFreed(address: string, cookie?: string): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const s = await open(address, cookie);
    if (s.status === 200) return 200;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 429;
}

describe('live streams per visitors’ address', () => {
  it('100 from one IPv6 /64 are let in, the 101st is refused with 429, another /64 is not', async () => {
    const streams = await openMany(100, (i) => `2001:db8:5:1::${(i + 1).toString(16)}`);
    expect(streams.map((s) => s.status)).toEqual(Array(100).fill(200));

    expect((await open('2001:db8:5:1:ffff::1')).status).toBe(429);
    expect(await refusal('2001:db8:5:1::abcd')).toEqual({
      status: 429,
      body: { message: 'For mange åpne tilkoblinger' },
      retryAfter: '30',
    });
    expect((await open('2001:db8:5:2::1')).status).toBe(200);
    expect((await open('198.51.100.5')).status).toBe(200);

    // A stream that ends gives its place back.
    streams[0]?.close();
    expect(await openOnceFreed('2001:db8:5:1::1')).toBe(200);
    expect((await open('2001:db8:5:1::2')).status).toBe(429);
  });
});

describe('live streams per signed-in user', () => {
  it('20 tabs of one user are let in, the 21st is refused; other users and visitors at that address are not', async () => {
    const anna = await signUp(t, 'anna.mange@example.no');
    const bjorn = await signUp(t, 'bjorn.en@example.no');
    const office = '203.0.113.40';
    const tabs = await openMany(20, () => office, anna);
    expect(tabs.map((s) => s.status)).toEqual(Array(20).fill(200));
    // From another address too: the cap is the user's, wherever the tabs are.
    expect((await open('192.0.2.41', anna)).status).toBe(429);
    expect(await refusal(office, anna)).toMatchObject({
      status: 429,
      body: { message: 'For mange åpne tilkoblinger' },
    });

    expect((await open(office, bjorn)).status).toBe(200);
    expect((await open(office)).status).toBe(200);

    tabs[5]?.close();
    expect(await openOnceFreed(office, anna)).toBe(200);
  });
});
