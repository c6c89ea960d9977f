import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPg } from '../../src/server/db/client';
import type { Database } from '../../src/server/db/types';
import { enqueueJob } from '../../src/server/jobs/queue';
import { JobWorker } from '../../src/server/jobs/worker';
import { captureLog } from '../setup/memory-logger';
import { createOwnPostgres, type OwnPostgres } from '../setup/own-postgres';

// An operator reads the log of a database restart: the background worker's lanes and periodic tasks say once
// that the database is out of reach and once that it is back, not an error a second per lane while it lasts;
// and the jobs queued before the outage still run afterwards.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ERROR = 50;
const WARN = 40;

let server: OwnPostgres;
let database: Database;
beforeAll(async () => {
  server = await createOwnPostgres();
  database = openPg(server.tcpUrl, { max: 4, connectionTimeoutMs: 1000 });
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  server?.remove();
});

describe('the job worker while the database is stopped', () => {
  it('warns once per lane and task, logs no error, and runs the waiting job once the database is back', async () => {
    const ran: string[] = [];
    const captured = captureLog('info');
    const worker = new JobWorker(
      database.db,
      { 'test:job': async (payload) => void ran.push((payload as { name: string }).name) },
      captured.log,
      [{ name: 'sweep', everyMs: 200, run: async () => void (await database.db.execute('select 1')) }],
      {
        pollMs: 100,
        lanes: [
          { name: 'first', types: ['test:job'], concurrency: 1 },
          { name: 'rest', concurrency: 1 },
        ],
      },
    );
    worker.start();
    try {
      server.stop();
      await enqueueJob(database.db, 'test:job', { name: 'too early' }).catch(() => undefined);
      await sleep(4_000);
      const during = captured.entries();
      const errors = during.filter((entry) => Number(entry.level) >= ERROR);
      expect(errors.map((entry) => entry.msg)).toEqual([]);
      const outages = during.filter(
        (entry) => entry.level === WARN && String(entry.msg).includes('out of reach'),
      );
      expect(outages.map((entry) => entry.source).sort()).toEqual(['lane first', 'lane rest', 'task sweep']);

      server.start();
      await enqueueJob(database.db, 'test:job', { name: 'after the restart' });
      for (let waited = 0; !ran.includes('after the restart'); waited += 100) {
        if (waited > 20_000) throw new Error(`the job never ran; log:\n${captured.text()}`);
        await sleep(100);
      }
      const back = captured.entries().filter((entry) => String(entry.msg).includes('database back'));
      expect(back.map((entry) => entry.source)).toContain('lane first');
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
