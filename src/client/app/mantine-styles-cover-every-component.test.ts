import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const PACKAGES = ['core', 'dates', 'notifications'].map((name) =>
  join(ROOT, 'node_modules/@mantine', name, 'esm'),
);
const CORE_STYLES = join(ROOT, 'node_modules/@mantine/core/styles');

const NAMED_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const RELATIVE_IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]/g;

const names = (list: string) =>
  list
    .split(',')
    .map(
      (part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0] ?? '',
    )
    .filter(Boolean);

/** Each export of a Mantine package's index, by the module it comes from. */
function exportsOf(esmDir: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [, list = '', from = ''] of readFileSync(join(esmDir, 'index.mjs'), 'utf8').matchAll(
    NAMED_IMPORT,
  )) {
    for (const name of names(list)) modules.set(name, resolve(esmDir, from));
  }
  return modules;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.includes('.test.') ? [path] : [];
  });
}

/** The CSS modules (Button.module.mjs…) reachable from what the client imports from Mantine. */
function cssModulesInUse(): Set<string> {
  const indexes = new Map(PACKAGES.map((dir) => [`@mantine/${dir.split('/').at(-2)}`, exportsOf(dir)]));
  const queue: string[] = [];
  const enqueueNames = (pkg: string, list: string) => {
    const index = indexes.get(pkg);
    for (const name of names(list)) {
      const module = index?.get(name);
      if (module) queue.push(module);
    }
  };
  for (const file of sourceFiles(join(ROOT, 'src/client'))) {
    for (const [, list = '', from = ''] of readFileSync(file, 'utf8').matchAll(NAMED_IMPORT))
      enqueueNames(from, list);
  }
  const seen = new Set<string>();
  const cssModules = new Set<string>();
  while (queue.length > 0) {
    const module = queue.pop() as string;
    if (seen.has(module) || !existsSync(module)) continue;
    seen.add(module);
    const match = /([A-Za-z]+)\.module\.mjs$/.exec(module);
    if (match?.[1]) cssModules.add(match[1]);
    const text = readFileSync(module, 'utf8');
    for (const [, a, b] of text.matchAll(RELATIVE_IMPORT))
      queue.push(resolve(dirname(module), (a ?? b) as string));
    // @mantine/dates and @mantine/notifications build on @mantine/core's components.
    for (const [, list = '', from = ''] of text.matchAll(NAMED_IMPORT)) enqueueNames(from, list);
  }
  return cssModules;
}

describe("Mantine's styles, one file per component (app/mantine-styles.ts)", () => {
  const imported = new Set(
    [
      ...readFileSync(join(__dirname, 'mantine-styles.ts'), 'utf8').matchAll(
        /@mantine\/core\/styles\/([A-Za-z-]+)\.css/g,
      ),
    ].map((m) => m[1]),
  );

  it('has the styles of every core component the client uses, and of those they are built from', () => {
    const inUse = cssModulesInUse();
    // A sanity check that the walk finds anything at all: these are on every page.
    expect([...inUse]).toEqual(expect.arrayContaining(['Button', 'Text', 'Input', 'ModalBase']));
    const missing = [...inUse].filter(
      (name) => existsSync(join(CORE_STYLES, `${name}.css`)) && !imported.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('starts with the baseline, the default variables and the global styles', () => {
    expect([...imported].slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });
});
