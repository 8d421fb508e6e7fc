import { beforeAll } from 'vitest';
import { knownTotals } from '../src/db/list';

// Test files share their worker's modules (vitest.config.ts, `isolate: false`): what a process remembers of list
// totals (db/list.ts, keyed by statement) belongs to the previous file's database, so each file starts without it.
beforeAll(() => {
  knownTotals.clear();
});
