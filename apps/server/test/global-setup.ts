import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { adminUrl, templateName, withDatabase } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates one template per engine, once: each test file then starts from a clone of it
 * (a PGlite data-dir tarball, or CREATE DATABASE … TEMPLATE on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_ENGINE ?? process.env.TEST_ENGINE ?? 'pglite';
  if (engine === 'pg') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_ENGINE=pg needs TEST_DATABASE_URL');
    const template = templateName(url);
    await withDatabase(adminUrl(url), async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${template}"`);
    });
    const handle = openPostgres(adminUrl(url, template), { max: 2 });
    await runMigrations(handle);
    await handle.close();
    return async () => {
      await withDatabase(adminUrl(url), (client) =>
        client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`),
      );
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ilson-tpl-'));
  const file = path.join(dir, 'template.tar');
  const handle = await openPglite();
  await runMigrations(handle);
  const dump = await handle.pglite!.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
