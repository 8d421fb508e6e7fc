/**
 * `npm run check:data [-- --database-url <url>] [--json]`
 * Runs the check of every invariant of docs/DOMAIN.md#invariants (I-1, I-2, …) over the configured database (DATABASE_URL,
 * or the embedded DATA_DIR: stop the server first) and lists what breaks them, with the repairs migrations made
 * and flagged, and how long the checks took. Exit code 1 when a rule is broken (docs/domain-integrity.md).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { KeyMismatchError } from '../db/key-check';
import { openDatabase } from '../db/open';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { serializeError } from '../logger';
import { runChecks } from './checks';
import { listRepairs } from './repairs';

const SHOWN_PER_CHECK = 20;

async function main() {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  const env = values['database-url'] ? { ...process.env, DATABASE_URL: values['database-url'] } : process.env;
  const config = loadConfig(env);
  const handle = await openDatabase({ ...config, dbPoolSize: 2 });
  try {
    const started = performance.now();
    const results = await runChecks(handle.db);
    const ms = Math.round(performance.now() - started);
    const repairs = await listRepairs(handle.db);
    const broken = results.filter((result) => result.violations.length > 0);
    if (values.json) {
      console.log(JSON.stringify({ checks: results, repairs, ms }, null, 2));
    } else {
      for (const result of results) {
        const count = result.violations.length;
        console.log(
          `${count === 0 ? '✓' : '✗'} ${result.invariant} ${result.title} [${result.code}]: ${count}건`,
        );
        for (const v of result.violations.slice(0, SHOWN_PER_CHECK)) {
          console.log(`    ${v.targetType} #${v.targetId}  ${v.detail}`);
        }
        if (count > SHOWN_PER_CHECK) console.log(`    … 외 ${count - SHOWN_PER_CHECK}건`);
      }
      if (repairs.length > 0) {
        console.log(`\n마이그레이션이 고치고 기록한 데이터 ${repairs.length}건:`);
        for (const r of repairs) {
          console.log(`    ${r.createdAt} ${r.check} ${r.targetType} #${r.targetId}: ${r.action}`);
        }
      }
      console.log(
        broken.length === 0 ? '\n모든 규칙을 지키고 있습니다.' : `\n규칙 위반 ${broken.length}종이 있습니다.`,
      );
      console.log(`규칙 ${results.length}개 점검: ${ms.toLocaleString('ko-KR')}ms`);
    }
    process.exitCode = broken.length === 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof DataDirLockedError ||
    error instanceof ConfigError ||
    error instanceof KeyMismatchError
  ) {
    console.error(`데이터 점검 실패: ${error.message}`);
  } else {
    console.error('데이터 점검 실패:', serializeError(error));
  }
  process.exit(2);
});
