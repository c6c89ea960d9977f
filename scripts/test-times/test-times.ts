// `npm run test:times [-- vitest options]`: runs the suite (or the projects named with --project) and prints
// each project's wall time and the slowest test files. `--from FILE` prints a run saved before (TEST_TIMES_FILE).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTestTimes, type TestTimes } from './print';

const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
let exitCode = 0;
let file: string;
if (fromIndex >= 0) {
  file = args[fromIndex + 1] ?? '';
} else {
  file = process.env.TEST_TIMES_FILE ?? join(mkdtempSync(join(tmpdir(), 'test-times-')), 'times.json');
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=./scripts/test-times/reporter.ts',
      ...args,
    ],
    { stdio: 'inherit', env: { ...process.env, TEST_TIMES_FILE: file } },
  );
  exitCode = run.status ?? 1;
}
printTestTimes(JSON.parse(readFileSync(file, 'utf8')) as TestTimes);
process.exit(exitCode);
