// The npm registry mirror reachable from our build machines does not serve every platform build of packages
// that ship native binaries as optional dependencies (for example @biomejs/cli-darwin-arm64). npm then leaves
// those entries out of package-lock.json, and `npm ci` refuses the lockfile as out of sync. This adds the
// missing entries, as an unrestricted registry would have written them (os/cpu/libc taken from the package
// name), so `npm ci` accepts the lockfile and skips them on platforms they are not for.
// Run it after any `npm install`: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OSES = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OSES.includes(part));
  const cpu = parts.find((part) => CPUS.includes(part));
  if (!os || !cpu) return null;
  const libc = parts.includes('musl')
    ? 'musl'
    : os === 'linux' && parts.includes('gnu')
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  const base = path ? `${path}/node_modules/` : 'node_modules/';
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    if (lock.packages[`${base}${name}`] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    const sibling = Object.entries(lock.packages).find(
      ([p]) => p.startsWith(base) && p.slice(base.length).startsWith(name.split('/')[0]),
    )?.[1];
    lock.packages[`node_modules/${name}`] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      ...(sibling?.license ? { license: sibling.license } : {}),
      optional: true,
      os: [platform.os],
    };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `added ${added.length} platform entries: ${added.join(', ')}` : 'lockfile complete',
);
