#!/usr/bin/env node
// The project documents itself (docs/ARCHITECTURE.md): comments and docs cite files in this repository only.
// Fails when a tracked file cites the brief's documents, or names a docs/*.md file (or one of its headings)
// that does not exist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.md', '.ci/*'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(file));

const OUTSIDE = /\b(?:SPEC|DESIGN) §|\b(?:SPEC|DESIGN|STACK|STYLE)\.md\b/;
const CITED = /\bdocs\/([A-Za-z-]+\.md)(?:#([a-z0-9-]+))?/g;
const anchors = new Map();

function anchorsOf(doc) {
  if (!anchors.has(doc)) {
    const headings = existsSync(doc) ? (readFileSync(doc, 'utf8').match(/^#{1,6} .+$/gm) ?? []) : null;
    anchors.set(
      doc,
      headings &&
        new Set(
          headings.map((heading) =>
            heading
              .replace(/^#+ /, '')
              .toLowerCase()
              .replace(/[^\p{L}\p{N} -]/gu, '')
              .replace(/ /g, '-'),
          ),
        ),
    );
  }
  return anchors.get(doc);
}

const problems = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE.test(line)) problems.push(`${where} cites a document outside the repository: ${line.trim()}`);
    for (const [, name, anchor] of line.matchAll(CITED)) {
      const found = anchorsOf(`docs/${name}`);
      if (!found) problems.push(`${where} cites docs/${name}, which does not exist`);
      else if (anchor && !found.has(anchor))
        problems.push(`${where} cites docs/${name}#${anchor}: no such heading`);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`citations: ${files.length} files cite only documents in the repository`);
