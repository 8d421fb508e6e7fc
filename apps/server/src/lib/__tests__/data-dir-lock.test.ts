import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ilson-lock-'));
  dirs.push(dir);
  return dir;
}

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, and frees the directory on release', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    // Same process: the owner file names a live PID, so the lock is refused.
    writeFileSync(path.join(dir, '.ilson-owner'), String(process.ppid));
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    mkdirSync(path.join(dir, '.ilson-owner.lock'));
    writeFileSync(path.join(dir, '.ilson-owner'), String(deadPid));
    const release = await lockDataDir(dir);
    await release();
  });
});
