#!/usr/bin/env node
// The project documents itself (docs/ARCHITECTURE.md#citations): comments and docs cite files in this repository
// only, by file and heading. Fails when a tracked file cites the brief's documents, or names a docs/*.md file (or one
// of its headings, or a heading of a top-level README/RELIABILITY/BENCHMARKS.md) that does not exist; when a comment
// or a document cites an issue by its letter (`[K]`); when a comment names an invariant id (`I-23`) without citing
// on the same line the docs heading that explains it; and when docs/ARCHITECTURE.md grows past its line budget.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.md', '.ci/*'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(file));

const OUTSIDE = /\b(?:SPEC|DESIGN) §|\b(?:SPEC|DESIGN|STACK|STYLE)\.md\b/;
const CITED = /\bdocs\/([A-Za-z-]+\.md)(?:#([a-z0-9-]+))?/g;
/** A heading of a top-level document, cited as `RELIABILITY.md#faults` (not `apps/web/README.md#…`). */
const CITED_TOP = /(?<![\w/.-])(README|RELIABILITY|BENCHMARKS)\.md#([a-z0-9-]+)/g;
/** An issue of the tracker cited by its letter: `[K]`, `issue [U]`. Type parameters (`[K in keyof T]`) do not match. */
const ISSUE_LETTER = /\[[A-Z]\]/;
/** An invariant of docs/DOMAIN.md#invariants by its id. */
const INVARIANT_ID = /\bI-\d+\b/;
const CITES_HEADING = /\bdocs\/[A-Za-z-]+\.md#[a-z0-9-]+/;
const ARCHITECTURE = 'docs/ARCHITECTURE.md';
const ARCHITECTURE_MAX_LINES = 250;
const CODE = /\.(?:ts|tsx|mjs|cjs)$/;

/** The comment on a line of code (a `//` or `/*` comment, or a line inside a block comment), else undefined. */
function commentOf(line) {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('//') || trimmed.startsWith('/*')) return trimmed;
  const at = line.search(/\s(?:\/\/|\/\*)/);
  return at === -1 ? undefined : line.slice(at + 1);
}

/** A comment or a line of a document without its code spans, where a bracketed letter may be code. */
const proseOf = (line) => line.replace(/`[^`]*`/g, '');
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
  const code = CODE.test(file);
  let fenced = false;
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE.test(line)) problems.push(`${where} cites a document outside the repository: ${line.trim()}`);
    for (const [, name, anchor] of line.matchAll(CITED)) {
      const found = anchorsOf(`docs/${name}`);
      if (!found) problems.push(`${where} cites docs/${name}, which does not exist`);
      else if (anchor && !found.has(anchor))
        problems.push(`${where} cites docs/${name}#${anchor}: no such heading`);
    }
    for (const [, name, anchor] of line.matchAll(CITED_TOP)) {
      if (!anchorsOf(`${name}.md`)?.has(anchor))
        problems.push(`${where} cites ${name}.md#${anchor}: no such heading`);
    }
    if (file.endsWith('.md') && line.trimStart().startsWith('```')) fenced = !fenced;
    const comment = code ? commentOf(line) : fenced ? undefined : line;
    const prose = comment === undefined ? undefined : proseOf(comment);
    if (prose !== undefined && ISSUE_LETTER.test(prose))
      problems.push(
        `${where} cites an issue by its letter; cite the docs heading that explains it: ${line.trim()}`,
      );
    if (code && prose !== undefined && INVARIANT_ID.test(prose) && !CITES_HEADING.test(prose))
      problems.push(
        `${where} names an invariant by its id alone; cite docs/DOMAIN.md#invariants (or the heading that explains it) on the line: ${line.trim()}`,
      );
  });
}

const architectureLines = readFileSync(ARCHITECTURE, 'utf8').replace(/\n$/, '').split('\n').length;
if (architectureLines > ARCHITECTURE_MAX_LINES)
  problems.push(
    `${ARCHITECTURE} has ${architectureLines} lines, over its ${ARCHITECTURE_MAX_LINES}: it says how the system is built; measurements go to docs/performance.md, a concern's detail to its own doc`,
  );

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`citations: ${files.length} files cite only documents in the repository`);
