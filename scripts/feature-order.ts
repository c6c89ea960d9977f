// The order of the server's feature folders, and the lint's check that there is one (decision 056). Runs
// dependency-cruiser over src/ with .dependency-cruiser.product.cjs (the product code, no tests), whose rule
// feature-folders-one-way finds every cycle among src/server/features/* taken as whole folders. On a cycle
// it prints the folders and one importing file for each step, and exits 1; otherwise it prints the folders
// lowest first.
//   npx tsx scripts/feature-order.ts            the check, as `npm run lint` runs it
//   npx tsx scripts/feature-order.ts --imports  also every ordered pair of folders with its importing files
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const RULE = 'feature-folders-one-way';
const FEATURE = /^src\/server\/features\/([^/]+)/;

interface Cruise {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { rule: { name: string }; from: string; cycle?: { name: string }[] }[] };
}

/** dependency-cruiser's JSON report of src/ in the current directory, as the lint runs it. */
function cruise(): Cruise {
  const bin = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const config = join(repo, '.dependency-cruiser.product.cjs');
  const json = execFileSync(process.execPath, [bin, 'src', '--config', config, '--output-type', 'json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(json) as Cruise;
}

const folderOf = (path: string) => FEATURE.exec(path)?.[1];

/** For each feature folder, the folders it imports, each with the imports that do it ('a.ts → b.ts'). */
function importsBetweenFolders(modules: Cruise['modules']): Map<string, Map<string, string[]>> {
  const folders = new Map<string, Map<string, string[]>>();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    const targets = folders.get(from) ?? new Map<string, string[]>();
    folders.set(from, targets);
    for (const { resolved } of module.dependencies) {
      const to = folderOf(resolved);
      if (!to || to === from) continue;
      targets.set(to, [...(targets.get(to) ?? []), `${module.source} → ${resolved}`].sort());
    }
  }
  return folders;
}

/** Each cycle once, as its folders in order, starting from the alphabetically first. */
function cyclesOf(violations: Cruise['summary']['violations']): string[][] {
  const cycles = new Map<string, string[]>();
  for (const violation of violations) {
    if (violation.rule.name !== RULE || !violation.cycle) continue;
    const names = [violation.from, ...violation.cycle.map((step) => step.name)].slice(0, -1);
    const folders = names.map((name) => folderOf(`${name}/`) ?? name);
    const first = folders.indexOf([...folders].sort()[0] ?? '');
    const rotated = [...folders.slice(first), ...folders.slice(0, first)];
    cycles.set(rotated.join(' '), rotated);
  }
  return [...cycles.values()];
}

/** The folders by level: a folder's level is one above the highest folder it imports. */
function levelsOf(imports: Map<string, Map<string, string[]>>): string[][] {
  const level = new Map<string, number>();
  const levelOf = (folder: string): number => {
    const known = level.get(folder);
    if (known !== undefined) return known;
    const below = [...(imports.get(folder)?.keys() ?? [])].map(levelOf);
    const found = below.length === 0 ? 0 : Math.max(...below) + 1;
    level.set(folder, found);
    return found;
  };
  const levels: string[][] = [];
  for (const folder of [...imports.keys()].sort()) {
    const at = levelOf(folder);
    levels[at] = [...(levels[at] ?? []), folder];
  }
  return levels;
}

const { modules, summary } = cruise();
const imports = importsBetweenFolders(modules);
if (process.argv.includes('--imports')) {
  for (const [from, targets] of [...imports].sort(([a], [b]) => a.localeCompare(b)))
    for (const [to, files] of [...targets].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`${from} → ${to}\n${files.map((file) => `    ${file}`).join('\n')}`);
}
const cycles = cyclesOf(summary.violations);
if (cycles.length > 0) {
  for (const cycle of cycles) {
    console.error(`\n  error ${RULE}: ${[...cycle, cycle[0]].join(' → ')}`);
    cycle.forEach((from, i) => {
      const to = cycle[(i + 1) % cycle.length] ?? from;
      console.error(`      ${from} → ${to}: ${imports.get(from)?.get(to)?.[0] ?? '(see depcruise)'}`);
    });
  }
  console.error(
    `\n✘ ${cycles.length} cycle(s) among the feature folders (src/server/features/*). Each folder may import ` +
      'only folders below it: move the shared piece down, or let the higher feature register what it does ' +
      '(decision 056).\n',
  );
  process.exit(1);
}
console.log('Feature folders, lowest first (each imports only folders on the lines above it):');
levelsOf(imports).forEach((folders, level) => {
  console.log(`  ${level}  ${folders.join(', ')}`);
});
