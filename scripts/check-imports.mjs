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
    name: 'lib/ imports modules, plugins, the database, the audit trail, the export pipeline, startup, seed or tools',
    broken: (from, to) =>
      under(from, `${SERVER}/lib`) &&
      ['modules', 'plugins', 'db', 'audit', 'export', 'startup', 'seed', 'integrity'].some((dir) =>
        under(to, `${SERVER}/${dir}`),
      ),
  },
  {
    name: 'audit/ or export/ imports modules, plugins, startup, seed or tools (every module uses them)',
    broken: (from, to) =>
      (under(from, `${SERVER}/audit`) || under(from, `${SERVER}/export`)) &&
      ['modules', 'plugins', 'startup', 'seed', 'integrity'].some((dir) => under(to, `${SERVER}/${dir}`)),
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

/**
 * No loop between the server's layers: each top-level folder of apps/server/src is a node (modules/ one node: a
 * matching reads its post and worker, and their services call the matchings' guards, on purpose), an import outside
 * tests an edge; a strongly connected group of more than one node is a loop.
 */
const folderOf = (p) => {
  if (!under(p, SERVER) || /__tests__|\.test\.ts$/.test(p)) return undefined;
  const parts = p.slice(SERVER.length + 1).split('/');
  if (parts.length === 1) return undefined; // app.ts, config.ts, server.ts: the composition root
  return parts[0];
};
const edges = new Map();
for (const file of files) {
  const from = folderOf(file);
  if (!from) continue;
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec.startsWith('.')) continue;
    const to = folderOf(target(file, spec));
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}
// Tarjan's strongly connected components.
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function visit(node) {
  order.set(node, index);
  low.set(node, index++);
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node) ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
  }
  if (low.get(node) === order.get(node)) {
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1)
      problems.push(`apps/server/src: folders import each other in a loop: ${group.sort().join(' ↔ ')}`);
  }
}
for (const node of edges.keys()) if (!order.has(node)) visit(node);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`imports: ${files.length} files keep the boundaries`);
