import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per embedded data directory (PGlite is a single connection: a second opener would write
 * rows the first never sees). proper-lockfile holds the lock; a lock left by a process that no longer
 * exists (a crash) is taken over at once instead of waiting for it to go stale.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const target = path.join(dataDir, '.ilson-owner');
  const lockPath = `${target}.lock`;
  const options = { realpath: false, stale: 30_000, update: 10_000, lockfilePath: lockPath };
  const take = async () => {
    const release = await lockfile.lock(target, {
      ...options,
      onCompromised: (error) => {
        console.error(`데이터 디렉터리 잠금을 잃었습니다: ${error.message}`);
        process.exit(1);
      },
    });
    writeFileSync(target, String(process.pid));
    return release;
  };
  try {
    return await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = Number(readFileSafe(target));
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `데이터 디렉터리 ${dataDir} 를 다른 프로세스(PID ${owner})가 사용 중입니다. 같은 DATA_DIR로 두 번 실행할 수 없습니다.`,
      );
    }
    rmSync(lockPath, { recursive: true, force: true });
    return take();
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
