import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPg } from '../../src/server/db/client';

const TEMPLATE = 'budrunde_test_template';

// One migrated template database per run; each test file gets `CREATE DATABASE … TEMPLATE` of it.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await dropTestDatabases(admin);
  await admin.query(`create database ${TEMPLATE}`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE);
  const database = openPg(templateUrl, 1);
  await database.migrate();
  await database.close();
  await admin.end();
  project.provide('pgTemplateUrl', templateUrl);
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await dropTestDatabases(cleanup);
    await cleanup.end();
  };
}

async function dropTestDatabases(client: pg.Client) {
  const { rows } = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like 'budrunde_test_%'`,
  );
  // The template last: the copies were made from it.
  for (const { datname } of rows.sort((a) => (a.datname === TEMPLATE ? 1 : -1))) {
    await client.query(`drop database if exists ${datname} with (force)`);
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
