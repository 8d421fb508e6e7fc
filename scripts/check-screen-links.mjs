// A link to a screen is made from the screen table (apps/web/src/lib/screen-paths.ts, screenHref), never written as
// a path: a path literal such as '/workers' or `/workers/${id}` in the web app's features, layout, components or
// routes is refused (docs/web-app.md#screens). Comments and tests are left alone.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const table = readFileSync('apps/web/src/lib/screen-paths.ts', 'utf8');
const firstSegments = new Set(
  [...table.matchAll(/^\s+'?[a-z-]+'?: '\/([a-z-]+)/gm)].map((match) => match[1]),
);
const AREAS = ['features', 'layout', 'components', 'auth', 'app/routes'].map((dir) => `apps/web/src/${dir}/`);
const files = execFileSync('git', ['ls-files', 'apps/web/src'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .filter((file) => AREAS.some((area) => file.startsWith(area)));
const LITERAL = /(['`])\/([a-z-]+)(?=[/?'`$])/g;

const problems = [];
for (const file of files) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const text = line.trim();
      if (text.startsWith('*') || text.startsWith('//') || text.startsWith('/*')) return;
      for (const match of line.matchAll(LITERAL)) {
        if (firstSegments.has(match[2])) {
          problems.push(`${file}:${index + 1}: a screen path written as text; use screenHref('…') — ${text}`);
        }
      }
    });
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`screen links: ${files.length} files link to screens through the screen table`);
