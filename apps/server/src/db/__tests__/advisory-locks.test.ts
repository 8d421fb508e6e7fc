import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../advisory-locks';

const SRC = path.resolve(import.meta.dirname, '../..');
const REGISTRY = path.join(SRC, 'db/advisory-locks.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === '__tests__' ? [] : sources(file);
    return /\.(ts|mjs|sql)$/.test(name) ? [file] : [];
  });
}

const CALL = /pg_(?:try_)?advisory_(?:xact_)?(?:un)?lock(?:_shared)?\s*\(([^)]*)\)/g;

/** docs/domain-integrity.md#advisory-locks */
describe('the advisory-lock registry', () => {
  it('gives every lock its own id', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    const seen = new Map<number, string>();
    for (const [name, id] of Object.entries(ADVISORY_LOCKS)) {
      expect(Number.isSafeInteger(id) && id > 0, name).toBe(true);
      expect(seen.get(id), `${name} takes the id of ${seen.get(id)}`).toBeUndefined();
      seen.set(id, name);
    }
    expect(seen.size).toBe(ids.length);
  });

  it('is the only source of the ids the server locks on', () => {
    const offenders: string[] = [];
    let calls = 0;
    for (const file of [...sources(SRC), ...sources(path.resolve(SRC, '../drizzle'))]) {
      if (file === REGISTRY) continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(CALL)) {
        calls += 1;
        const first = match[1]!.split(',')[0]!.trim();
        const line = text.slice(0, match.index).split('\n').length;
        const rest = text.slice(match.index, text.indexOf('\n', match.index + match[0].length));
        const fromRegistry =
          /^\$\{ADVISORY_LOCKS[.[]/.test(first) || (first === '$1' && /\[ADVISORY_LOCKS\./.test(rest));
        if (!fromRegistry) offenders.push(`${path.relative(SRC, file)}:${line}: ${match[0]}`);
      }
      // A number kept beside the call instead of in the registry.
      for (const match of text.matchAll(/\b\w*LOCK\w*\s*(?::[^=\n]+)?=\s*\{?\s*[\w: ]*\d[\d_]{3,}/g)) {
        const line = text.slice(0, match.index).split('\n').length;
        offenders.push(`${path.relative(SRC, file)}:${line}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
    // The scan finds the calls it means to check.
    expect(calls).toBeGreaterThanOrEqual(10);
  });
});
