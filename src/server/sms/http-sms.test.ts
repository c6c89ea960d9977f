import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../tests/setup/silent-logger';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { jobs } from '../db/schema';
import { parseEnv } from '../env';
import { JobWorker } from '../jobs/worker';
import { createSmsSender } from './create-sms-sender';
import { HttpSmsSender } from './http-sms';
import { enqueueSms, SMS_JOB, smsJobHandlers } from './sms-jobs';
import { LogSmsSender } from './sms-sender';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A stand-in SMS gateway: records each request and answers with whatever `answer` says. */
const gateway = {
  received: [] as Received[],
  answer: (res: ServerResponse) => {
    res.writeHead(202, { 'content-type': 'application/json' });
    res.end('{"status":"queued"}');
  },
};
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    gateway.received.push({
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: text ? JSON.parse(text) : null,
    });
    gateway.answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sms`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  gateway.received = [];
  gateway.answer = (res) => {
    res.writeHead(202, { 'content-type': 'application/json' });
    res.end('{"status":"queued"}');
  };
});

const TEXT = 'Nytt bud på Storgata 1: 4 500 000 kr. Se budrunden: http://localhost:5000/';

describe('HttpSmsSender', () => {
  it('POSTs { from, to, message } as JSON with the bearer token', async () => {
    await new HttpSmsSender({ url, token: 'hemmelig-token', from: 'Budrunde' }).send('+4741234567', TEXT);

    expect(gateway.received).toHaveLength(1);
    const [request] = gateway.received;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/sms' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer hemmelig-token');
    expect(request?.body).toEqual({ from: 'Budrunde', to: '+4741234567', message: TEXT });
  });

  it('sends no Authorization header without a token', async () => {
    await new HttpSmsSender({ url, from: 'Budrunde' }).send('+4741234567', 'Hei');
    expect(gateway.received[0]?.headers.authorization).toBeUndefined();
  });

  it.each([400, 401, 500, 503])('throws on %i, with the status and a bit of the answer', async (status) => {
    gateway.answer = (res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{"error":"nope"}');
    };
    await expect(new HttpSmsSender({ url, from: 'Budrunde' }).send('+4741234567', 'Hei')).rejects.toThrow(
      `SMS gateway answered ${status}: {"error":"nope"}`,
    );
  });

  it('gives up after its timeout when the gateway does not answer', async () => {
    gateway.answer = () => {};
    const started = Date.now();
    await expect(
      new HttpSmsSender({ url, from: 'Budrunde', timeoutMs: 200 }).send('+4741234567', 'Hei'),
    ).rejects.toThrow('SMS gateway did not answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('throws when the gateway cannot be reached', async () => {
    const closed = new HttpSmsSender({ url: 'http://127.0.0.1:1/sms', from: 'Budrunde' });
    await expect(closed.send('+4741234567', 'Hei')).rejects.toThrow(/^SMS gateway unreachable/);
  });
});

describe('createSmsSender', () => {
  it('logs by default, and uses the HTTP gateway with SMS_PROVIDER=http', async () => {
    const base = { DATA_DIR: '/tmp/budrunde-sms-test', SESSION_SECRET: 'x'.repeat(32) };
    expect(createSmsSender(parseEnv(base), silentLogger)).toBeInstanceOf(LogSmsSender);
    const sender = createSmsSender(
      parseEnv({
        ...base,
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: url,
        SMS_HTTP_TOKEN: 't0k3n',
        SMS_SENDER: 'Meglerhuset',
      }),
      silentLogger,
    );
    await sender.send('+4799999999', 'Hei');
    expect(gateway.received[0]?.headers.authorization).toBe('Bearer t0k3n');
    expect(gateway.received[0]?.body).toEqual({ from: 'Meglerhuset', to: '+4799999999', message: 'Hei' });
  });

  it('the log provider writes the message to the app log at info, with the number masked', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    await new LogSmsSender(log).send('+4741234567', 'Hei Kari');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 30, to: '****4567', text: 'Hei Kari' });
  });
});

describe("the 'sms:send' job", () => {
  let t: TestApp;
  const HOUR = 60 * 60 * 1000;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.deps.db.delete(jobs);
  });

  it("is one of the app's jobs: delivered through the configured SMS provider", async () => {
    await enqueueSms(t.deps.db, '+4741234567', 'Hei fra Budrunde');
    expect(await t.runJobs()).toBe(1);
    expect(t.sms.sent).toEqual([{ to: '+4741234567', text: 'Hei fra Budrunde', messageId: null }]);
  });

  const worker = () =>
    new JobWorker(
      t.deps.db,
      smsJobHandlers({ sms: new HttpSmsSender({ url, token: 'hemmelig-token', from: 'Budrunde' }) }),
      silentLogger,
      [],
      { backoffMs: () => HOUR },
    );

  it('an enqueued SMS is delivered to the gateway by the worker, once', async () => {
    await t.deps.db.transaction((tx) => enqueueSms(tx, '+4741234567', TEXT));
    const w = worker();
    expect(await w.runDueJobs()).toBe(1);
    expect(await w.runDueJobs()).toBe(0);

    expect(gateway.received.map((r) => r.body)).toEqual([
      { from: 'Budrunde', to: '+4741234567', message: TEXT },
    ]);
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.type, SMS_JOB));
    expect(job).toMatchObject({ attempts: 1, lastError: null, failedAt: null });
    expect(job?.completedAt).toBeInstanceOf(Date);
  });

  it('a 500 from the gateway leaves the job for a later retry, with the error kept', async () => {
    gateway.answer = (res) => {
      res.writeHead(500);
      res.end('intern feil');
    };
    await enqueueSms(t.deps.db, '+4741234567', TEXT);
    expect(await worker().runDueJobs()).toBe(1);

    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.type, SMS_JOB));
    expect(job).toMatchObject({
      attempts: 1,
      lastError: 'SMS gateway answered 500: intern feil',
      completedAt: null,
      failedAt: null,
      lockedUntil: null,
    });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);

    // The gateway recovers and the retry comes due: the message goes out.
    gateway.answer = (res) => {
      res.writeHead(200);
      res.end();
    };
    await t.deps.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) });
    expect(await worker().runDueJobs()).toBe(1);
    expect(gateway.received).toHaveLength(2);
    const [done] = await t.deps.db.select().from(jobs);
    expect(done?.completedAt).toBeInstanceOf(Date);
  });
});
