import { readFileSync } from 'node:fs';
import { configureAuditChain } from '../audit/chain';
import { openPglite } from '../db/client';
import { type FirstStart, INIT_REPORT_PREFIX, type InitOptions } from '../db/init-options';
import { runMigrations } from '../db/migrate';
import { createPiiCipher } from '../lib/pii';
import { ensureFirstAdmin } from '../modules/admins/bootstrap';
import { fillDemoData } from '../seed/demo';

/**
 * Run as a child process on first start: initdb, migrations, the first admin and the demo data, then exit and
 * give the memory back (initdb peaks at ~840 MB; bulk loading grows PGlite's heap, which never shrinks).
 * Options arrive as JSON on stdin (the admin password stays out of argv); the report leaves on stdout.
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: init-embedded <pgdata dir> < options.json');
const options = JSON.parse(readFileSync(0, 'utf8')) as InitOptions;
const handle = await openPglite(dir);
await runMigrations(handle);
const admin = await ensureFirstAdmin(handle.db, {
  email: options.adminEmail,
  password: options.adminPassword,
});
const report: FirstStart = { admin };
configureAuditChain({ piiKey: Buffer.from(options.piiKey, 'base64') });
if (admin.created && options.demoDataScale > 0) {
  report.demo = await fillDemoData(
    handle,
    options.demoDataScale,
    createPiiCipher(Buffer.from(options.piiKey, 'base64')),
  );
}
await handle.close();
process.stdout.write(`${INIT_REPORT_PREFIX}${JSON.stringify(report)}\n`);
