import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const script = join(root, 'scripts', 'verify-journal.ts');

/** Runs the real `npm run verify-journal` (its script, through tsx): its exit code and what it printed. */
export function verifyJournal(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(tsx, [script, ...args], { cwd: root }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
