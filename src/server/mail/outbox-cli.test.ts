import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPg, openPglite } from '../db/client';
import { mailOutbox } from '../db/schema';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const script = join(root, 'scripts', 'outbox.ts');

/** Runs `npm run outbox`'s script as a developer would, in a folder with no .env. */
function runOutbox(
  cwd: string,
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      tsx,
      [script, ...args],
      // Only what the command needs: a DATABASE_URL in the test's environment must not send it elsewhere.
      { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Each run starts tsx and a database client (PGlite: seconds), slower while other test files run alongside.
const SLOW = 90_000;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 15, 9, minute));
const MAILS = [
  {
    to: 'kari@example.no',
    subject: 'Bekreft e-postadressen din hos Budrunde',
    text: 'Bekreft: http://localhost:5000/verify-email?token=first-token',
    html: '',
    createdAt: at(1),
  },
  {
    to: 'ola@example.no',
    subject: 'Kvittering for bud på Storgata 1',
    text: 'Se budrunden: http://localhost:5000/budrunder/1',
    html: '',
    createdAt: at(2),
  },
  {
    to: 'Kari@Example.no',
    subject: 'Tilbakestill passordet ditt hos Budrunde',
    text: 'Velg nytt passord: http://localhost:5000/reset-password?token=second-token',
    html: '',
    createdAt: at(3),
  },
];

// The api-pg project runs every file again against PostgreSQL: there it is DATABASE_URL's turn.
const pgTemplateUrl = inject('pgTemplateUrl');

const subjects = (stdout: string) => [...stdout.matchAll(/^Subject: (.*)$/gm)].map((m) => m[1]);

// Each project tests the database it is about: api the embedded one (from its PGlite template), api-pg
// PostgreSQL through DATABASE_URL. The describe that does not apply is not registered, so nothing is skipped.
if (!pgTemplateUrl) describeEmbedded();

function describeEmbedded() {
  describe('npm run outbox on the embedded database', () => {
    let dataDir: string;
    let database: Database;
    const run = (...args: string[]) => runOutbox(dataDir, { DATA_DIR: dataDir }, ...args);

    // The server's embedded database, held open by this process throughout, as a running server holds it.
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'budrunde-outbox-cli-'));
      const pglite = await PGlite.create({
        dataDir: join(dataDir, 'pglite'),
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      });
      database = openPglite(pglite);
      await database.db.insert(mailOutbox).values(MAILS);
    });
    afterAll(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      'prints the newest mails, the newest last, with recipient, subject and the text with its links',
      async () => {
        const { code, stdout, stderr } = await run('--last', '2');

        expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
        expect(subjects(stdout)).toEqual([
          'Kvittering for bud på Storgata 1',
          'Tilbakestill passordet ditt hos Budrunde',
        ]);
        expect(stdout).toContain('To:      Kari@Example.no');
        expect(stdout).toContain(
          'Velg nytt passord: http://localhost:5000/reset-password?token=second-token',
        );
        expect(stdout).toContain('Date:    15.01.2026, 10:03:00');
        expect(stdout).not.toContain('first-token');
      },
      SLOW,
    );

    it(
      'reads a copy while the server has the database open, and leaves the server its files',
      async () => {
        await run();
        expect(existsSync(join(dataDir, 'pglite', 'postmaster.pid'))).toBe(true);
        // The "server" goes on working, and a mail it stores now is seen by the next run.
        await database.db
          .insert(mailOutbox)
          .values({ to: 'per@example.no', subject: 'Ny', text: 'Hei', html: '' });
        const { stdout } = await run('--last', '1');
        expect(subjects(stdout)).toEqual(['Ny']);
      },
      SLOW,
    );

    it(
      '--to shows one address’s mail, whatever its case',
      async () => {
        const { code, stdout } = await run('--to', 'KARI@example.NO');
        expect(code).toBe(0);
        expect(subjects(stdout)).toEqual([
          'Bekreft e-postadressen din hos Budrunde',
          'Tilbakestill passordet ditt hos Budrunde',
        ]);
        expect((await run('--to=nobody@example.no')).stdout).toMatch(/has no mail to nobody@example\.no/);
      },
      SLOW,
    );

    it(
      'says what is wrong, with a non-zero exit, for a bad option or a DATA_DIR with no database',
      async () => {
        const bad = await run('--last', 'alle');
        expect(bad.code).toBe(1);
        expect(bad.stderr).toContain('--last must be a whole number above 0');

        const empty = mkdtempSync(join(tmpdir(), 'budrunde-outbox-empty-'));
        const missing = await runOutbox(empty, { DATA_DIR: empty });
        rmSync(empty, { recursive: true, force: true });
        expect(missing.code).toBe(1);
        expect(missing.stderr).toMatch(/No embedded database in .*pglite yet/);
      },
      SLOW,
    );
  });
}

// Only the api-pg project has a PostgreSQL to point DATABASE_URL at; there this describe exists.
if (pgTemplateUrl) describePostgres(pgTemplateUrl);

function describePostgres(pgTemplateUrl: string) {
  describe('npm run outbox on PostgreSQL (DATABASE_URL)', () => {
    const name = `budrunde_test_outbox_${randomBytes(4).toString('hex')}`;
    const withDatabase = (database: string) => {
      const url = new URL(pgTemplateUrl);
      url.pathname = `/${database}`;
      return url.toString();
    };
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: withDatabase('postgres') });
      await client.connect();
      await client.query(statement);
      await client.end();
    };

    beforeAll(async () => {
      await admin(`create database ${name} template ${new URL(pgTemplateUrl).pathname.slice(1)}`);
      const database = openPg(withDatabase(name));
      await database.db.insert(mailOutbox).values(MAILS);
      await database.close();
    });
    afterAll(() => admin(`drop database if exists ${name} with (force)`));

    it(
      'prints the newest mails of the database DATABASE_URL names',
      async () => {
        const cwd = mkdtempSync(join(tmpdir(), 'budrunde-outbox-cli-'));
        const { code, stdout, stderr } = await runOutbox(
          cwd,
          { DATABASE_URL: withDatabase(name) },
          '--to',
          'kari@example.no',
        );
        rmSync(cwd, { recursive: true, force: true });
        expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
        expect(subjects(stdout)).toEqual([
          'Bekreft e-postadressen din hos Budrunde',
          'Tilbakestill passordet ditt hos Budrunde',
        ]);
        expect(stdout).toContain('reset-password?token=second-token');
      },
      SLOW,
    );
  });
}
