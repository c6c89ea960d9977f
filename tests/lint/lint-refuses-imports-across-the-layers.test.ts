import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// Decision 031: the layering is kept by `npm run lint`, not by memory. This runs the same dependency-cruiser
// command and rule file as the lint script on a small fixture tree laid out like src/: a tree that keeps the
// layers passes, and each kind of forbidden import fails, with the rule's name and the import in the message.

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const depcruise = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fixture project: a tsconfig like the repository's and the given files under src/. */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'budrunde-layers-'));
  made.push(dir);
  const all = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', strict: true },
      include: ['src'],
    }),
    'src/server/features/bids/bids.repository.ts': 'export const bidsOf = () => [];\n',
    'src/server/features/bids/bids.service.ts':
      "import { bidsOf } from './bids.repository';\nexport const listBids = () => bidsOf();\n",
    'src/server/features/journals/journals.service.ts':
      "import { listBids } from '../bids/bids.service';\nexport const journal = () => listBids();\n",
    'src/server/mail/mailer.ts': 'export const send = () => undefined;\n',
    'src/shared/money.ts': 'export const kr = (n: number) => String(n);\n',
    'src/client/page.ts': "import { kr } from '../shared/money';\nexport const price = kr(1);\n",
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The lint script's depcruise call, in the fixture: its exit code and what it printed. */
async function lint(dir: string): Promise<{ code: number; output: string }> {
  const args = [depcruise, 'src', '--config', join(repo, '.dependency-cruiser.cjs')];
  try {
    const { stdout } = await run(process.execPath, args, { cwd: dir });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// Each case starts dependency-cruiser in a process of its own: seconds on a busy machine, so not the default 5 s.
describe('npm run lint on the import layers', { timeout: 30_000 }, () => {
  it('passes a tree that keeps the layers', async () => {
    const { code, output } = await lint(fixture({}));
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  it.each([
    [
      'feature-uses-other-features-through-their-service',
      'src/server/features/journals/journal-builder.ts',
      "import { bidsOf } from '../bids/bids.repository';\nexport const rows = bidsOf();\n",
      'src/server/features/bids/bids.repository.ts',
    ],
    [
      'infrastructure-not-features',
      'src/server/mail/bid-mail.ts',
      "import { listBids } from '../features/bids/bids.service';\nexport const count = listBids().length;\n",
      'src/server/features/bids/bids.service.ts',
    ],
    [
      'shared-stays-isomorphic',
      'src/shared/rules.ts',
      "import { send } from '../server/mail/mailer';\nexport const rule = send;\n",
      'src/server/mail/mailer.ts',
    ],
    [
      'client-not-server',
      'src/client/bids.ts',
      "import { listBids } from '../server/features/bids/bids.service';\nexport const bids = listBids;\n",
      'src/server/features/bids/bids.service.ts',
    ],
    [
      'no-cycles',
      'src/server/db/a.ts',
      "import { b } from './b';\nexport const a = () => b;\n",
      'src/server/db/b.ts',
    ],
  ])('fails on %s, naming the rule and the import', async (rule, from, text, to) => {
    const extra: Record<string, string> = { [from]: text };
    if (rule === 'no-cycles')
      extra['src/server/db/b.ts'] = "import { a } from './a';\nexport const b = () => a;\n";
    const { code, output } = await lint(fixture(extra));
    expect(code).not.toBe(0);
    // A cycle is printed as its chain of modules, one per line.
    expect(output.replace(/\s+/g, ' ')).toContain(`error ${rule}: ${from} → ${to}`);
  });
});

/** The lint script's last step, scripts/feature-order.ts, in the fixture: its exit code and what it printed. */
async function featureOrder(dir: string): Promise<{ code: number; output: string }> {
  const args = [join(repo, 'node_modules/tsx/dist/cli.mjs'), join(repo, 'scripts/feature-order.ts')];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: dir });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// Decision 056: feature folders depend on each other one way, even where no file cycle exists.
describe('npm run lint on the order of feature folders', { timeout: 30_000 }, () => {
  // journals imports bids in every fixture; here bids imports journals back, from another file.
  const backImport = {
    'src/server/features/journals/journal-csv.ts': 'export const cell = (s: string) => s;\n',
    'src/server/features/bids/bid-export.ts':
      "import { cell } from '../journals/journal-csv';\nexport const row = cell('1');\n",
  };

  it('prints the folders lowest first when they have an order', async () => {
    const { code, output } = await featureOrder(fixture({}));
    expect(output).toContain('0  bids\n');
    expect(output).toContain('1  journals\n');
    expect(code).toBe(0);
  });

  it('fails on two folders that import each other, naming one importing file each way', async () => {
    const dir = fixture(backImport);
    // The file-level rules see nothing wrong: no file imports itself back.
    expect((await lint(dir)).code).toBe(0);
    const { code, output } = await featureOrder(dir);
    expect(code).not.toBe(0);
    const text = output.replace(/\s+/g, ' ');
    expect(text).toContain('error feature-folders-one-way: bids → journals → bids');
    expect(text).toContain(
      'bids → journals: src/server/features/bids/bid-export.ts → src/server/features/journals/journal-csv.ts',
    );
    expect(text).toContain(
      'journals → bids: src/server/features/journals/journals.service.ts → src/server/features/bids/bids.service.ts',
    );
  });

  it('lets a test file cross between features', async () => {
    const test = "import { journal } from '../journals/journals.service';\nexport const j = journal;\n";
    const { code } = await featureOrder(fixture({ 'src/server/features/bids/bids.test.ts': test }));
    expect(code).toBe(0);
  });
});
