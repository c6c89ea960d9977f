import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPg, openPglite, type PgOptions } from '../../src/server/db/client';

/** A fresh, migrated database for one test file: a PGlite copy, or a new PostgreSQL database (api-pg). */
export async function createTestDatabase(pgOptions: PgOptions = {}): Promise<Database> {
  const pgTemplate = inject('pgTemplateUrl');
  if (pgTemplate) return createPgDatabase(pgTemplate, pgOptions);
  const dump = readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return openPglite(pglite);
}

async function createPgDatabase(templateUrl: string, pgOptions: PgOptions): Promise<Database> {
  const templateName = new URL(templateUrl).pathname.slice(1);
  // Named after the template, so that its project's teardown finds and drops it.
  const name = `${templateName.replace(/_template$/, '')}_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateName}`);
  await admin.end();
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const database = openPg(url.toString(), { max: 10, ...pgOptions });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
