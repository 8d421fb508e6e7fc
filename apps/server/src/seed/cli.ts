/**
 * `npm run seed -- --scale <n> [--seed <n>] [--reset] [--database-url <url>]`
 * Fills the configured database (DATABASE_URL, or the embedded DATA_DIR) with demo data by COPY.
 */
import { parseArgs } from 'node:util';
import { configureAuditChain } from '../audit/chain';
import { ConfigError, loadConfig } from '../config';
import { KeyMismatchError } from '../db/key-check';
import { openDatabase } from '../db/open';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { createPiiCipher } from '../lib/pii';
import { serializeError } from '../logger';
import { runSeed, SeedError } from './run';

function numberArg(name: string, raw: string | undefined, fallback: number, integer: boolean): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new SeedError(`--${name} 값 "${raw}" 이(가) 올바른 ${integer ? '정수' : '숫자'}가 아닙니다.`);
  }
  return value;
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
    },
    strict: true,
  });
  const scale = numberArg('scale', values.scale, 1, false);
  const seed = numberArg('seed', values.seed, 1, true);
  const env = values['database-url'] ? { ...process.env, DATABASE_URL: values['database-url'] } : process.env;
  const config = loadConfig(env);
  configureAuditChain({ piiKey: config.piiKey, log: console });
  const handle = await openDatabase({ ...config, dbPoolSize: 2 });
  try {
    await runSeed(handle, {
      scale,
      seed,
      reset: values.reset ?? false,
      pii: createPiiCipher(config.piiKey),
      log: (line) => console.log(line),
    });
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof SeedError ||
    error instanceof DataDirLockedError ||
    error instanceof ConfigError ||
    error instanceof KeyMismatchError
  ) {
    console.error(`시드 실패: ${error.message}`);
  } else if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(
      `시드 실패: 알 수 없는 옵션입니다. 사용법: npm run seed -- --scale <n> [--seed <n>] [--reset] [--database-url <url>]\n${error.message}`,
    );
  } else {
    // Not the error itself: a failed query carries its parameters (personal data).
    console.error('시드 실패:', serializeError(error));
  }
  process.exit(1);
});
