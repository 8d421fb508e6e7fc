/** Row counts per scale: scale 1 is the demo, scale 1000 the benchmark (docs/performance.md#targets, BENCHMARKS.md). */
export type SeedCounts = {
  branches: number;
  employers: number;
  workers: number;
  jobPosts: number;
  matchings: number;
  payouts: number;
  /** 접속기록 rows of past days (only when there are admins to have made them). */
  accessLog: number;
};

export const MAX_SCALE = 1000;

export function countsFor(scale: number): SeedCounts {
  return {
    branches: Math.max(2, Math.round(17 * scale ** 0.25)),
    employers: Math.max(1, Math.round(200 * scale)),
    workers: Math.max(1, Math.round(1000 * scale)),
    jobPosts: Math.max(1, Math.round(300 * scale)),
    matchings: Math.max(1, Math.round(1000 * scale)),
    payouts: Math.max(1, Math.round(500 * scale)),
    accessLog: Math.max(1, Math.round(1000 * scale)),
  };
}
