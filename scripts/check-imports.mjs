#!/usr/bin/env node
// Import boundaries (docs/ARCHITECTURE.md#import-boundaries): which folder may import which. Fails on a violation.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && existsSync(file));

const IMPORT =
  /(?:^|[^.\w])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Where an import points: a repository path for a relative one, else the package name. */
function target(file, spec) {
  if (!spec.startsWith('.')) return spec;
  return path.normalize(path.join(path.dirname(file), spec));
}

const featureOf = (p) => /^apps\/web\/src\/features\/([^/]+)\//.exec(p)?.[1];
const under = (p, dir) => p === dir || p.startsWith(`${dir}/`);
const SERVER = 'apps/server/src';

const RULES = [
  {
    name: 'a web feature imports another feature (what two share goes to components/ or api/)',
    broken: (from, to) =>
      featureOf(from) !== undefined && featureOf(to) !== undefined && featureOf(from) !== featureOf(to),
  },
  {
    name: 'lib/ imports modules, plugins, the database, seed or tools',
    broken: (from, to) =>
      under(from, `${SERVER}/lib`) &&
      ['modules', 'plugins', 'db', 'seed', 'integrity'].some((dir) => under(to, `${SERVER}/${dir}`)),
  },
  {
    name: 'db/ imports modules, plugins, startup, seed or tools',
    broken: (from, to) =>
      under(from, `${SERVER}/db`) &&
      ['modules', 'plugins', 'startup', 'seed', 'integrity'].some((dir) => under(to, `${SERVER}/${dir}`)),
  },
  {
    name: 'contracts import something of ours',
    broken: (from, to) =>
      under(from, 'packages/contracts/src') &&
      (to.startsWith('@ilson/') ||
        (to.includes('/') && !to.startsWith('packages/contracts') && to.startsWith('apps/'))),
  },
  {
    name: 'the server imports the web app, or the web app the server',
    broken: (from, to) =>
      (under(from, 'apps/server') && under(to, 'apps/web')) ||
      (under(from, 'apps/web') && under(to, 'apps/server')),
  },
];

const problems = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const to = target(file, match[1] ?? match[2]);
    for (const rule of RULES) if (rule.broken(file, to)) problems.push(`${file} → ${to}: ${rule.name}`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`imports: ${files.length} files keep the boundaries`);
