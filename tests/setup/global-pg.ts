import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPg } from '../../src/server/db/client';

// One migrated template database per project and run; each test file gets `CREATE DATABASE … TEMPLATE` of
// it, named after the template. The names carry the project and the process, so that two projects of one
// run (api-pg and faults) or two runs at once on the same server never drop each other's databases.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const prefix = `budrunde_test_${project.name.replace(/\W/g, '_')}_${process.pid}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await dropTestDatabases(admin, prefix, template);
  await admin.query(`create database ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  const database = openPg(templateUrl, { max: 1 });
  await database.migrate();
  await database.close();
  await admin.end();
  project.provide('pgTemplateUrl', templateUrl);
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await dropTestDatabases(cleanup, prefix, template);
    await cleanup.end();
  };
}

async function dropTestDatabases(client: pg.Client, prefix: string, template: string) {
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1)',
    [prefix],
  );
  // The template last: the copies were made from it.
  for (const { datname } of rows.sort((a) => (a.datname === template ? 1 : -1))) {
    await client.query(`drop database if exists ${datname} with (force)`);
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
