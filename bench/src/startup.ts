import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { memoryOf, startServer, stopServer } from './process';

export type StartupResult = {
  coldStartMs: number;
  warmStartMs: number;
  idleRssMb: number;
  peakRssMb: number;
  warmIdleRssMb: number;
};

const IDLE_SETTLE_MS = 5_000;

/** Cold first start on an empty embedded database (initdb + migrations), then a warm restart. */
export async function measureStartup(port: number): Promise<StartupResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-start-'));
  try {
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-pass-123' };
    const cold = await startServer(env, port);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const coldMemory = memoryOf(cold.child.pid!);
    await stopServer(cold);
    const warm = await startServer(env, port);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const warmMemory = memoryOf(warm.child.pid!);
    await stopServer(warm);
    return {
      coldStartMs: Math.round(cold.readyMs),
      warmStartMs: Math.round(warm.readyMs),
      idleRssMb: coldMemory.rssMb,
      peakRssMb: Math.max(coldMemory.peakMb, warmMemory.peakMb),
      warmIdleRssMb: warmMemory.rssMb,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
