import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

export interface ProcessDatabase {
  /** The empty database, for DATABASE_URL. */
  readonly url: string;
  readonly name: string;
  /** A DATA_DIR the processes share. */
  readonly dataDir: string;
  /** A client on the server's maintenance database, for pg_stat_activity and the like. */
  readonly admin: pg.Client;
}

/**
 * An empty PostgreSQL database of its own (on TEST_DATABASE_URL's server) and a data directory, for a file
 * that starts server processes; both go when the file ends. Register it before the file's own afterAll that
 * stops the processes: Vitest runs afterAll hooks last-registered first, so the processes stop before the
 * database is dropped.
 */
export function processDatabaseForThisFile(prefix: string): ProcessDatabase {
  const name = `budrunde_${prefix}_${process.pid}_${Date.now()}`;
  let state: { url: string; dataDir: string; admin: pg.Client } | undefined;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? '' });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    state = { url: url.toString(), dataDir: mkdtempSync(join(tmpdir(), `budrunde-${prefix}-`)), admin };
  });
  afterAll(async () => {
    if (!state) return;
    await state.admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      name,
    ]);
    await state.admin.query(`drop database if exists ${name}`);
    await state.admin.end();
    rmSync(state.dataDir, { recursive: true, force: true });
  });
  const opened = () => {
    if (!state) throw new Error('the process database is not created yet');
    return state;
  };
  return {
    name,
    get url() {
      return opened().url;
    },
    get dataDir() {
      return opened().dataDir;
    },
    get admin() {
      return opened().admin;
    },
  };
}
