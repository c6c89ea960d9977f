import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateUrl: string;
  }
}

// Migrating PGlite takes seconds, so it happens once; every test file starts from a copy of this dump.
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create();
  const database = openPglite(pglite);
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  const file = join(mkdtempSync(join(tmpdir(), 'budrunde-template-')), 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
}
