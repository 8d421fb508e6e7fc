import type { DbHandle } from '../db/client';
import type { PiiCipher } from '../lib/pii';
import { runSeed } from './run';

/**
 * The demo data of a brand-new embedded database (DEMO_DATA_SCALE, scale 1 by default), so the first look at the
 * product is not a row of empty lists. Returns the line the start-up banner prints; a failure is reported there
 * and does not stop the start (the data is a convenience, not a condition).
 */
export async function fillDemoData(handle: DbHandle, scale: number, pii: PiiCipher): Promise<string> {
  const started = performance.now();
  try {
    const { counts } = await runSeed(handle, { scale, seed: 1, reset: false, pii });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const n = (value: number) => value.toLocaleString('ko-KR');
    return (
      `데모 데이터를 채웠습니다 (${seconds}초): 지점 ${n(counts.branches)}, 사업주 ${n(counts.employers)}, ` +
      `근로자 ${n(counts.workers)}, 채용공고 ${n(counts.jobPosts)}, 매칭 ${n(counts.matchings)}. ` +
      '빈 데이터베이스로 시작하려면 처음 시작할 때 DEMO_DATA_SCALE=0'
    );
  } catch (error) {
    return `데모 데이터를 채우지 못했습니다: ${error instanceof Error ? error.message : String(error)}`;
  }
}
