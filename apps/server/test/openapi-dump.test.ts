/**
 * A tool, not a check: `OPENAPI_OUT=/tmp/openapi.json npx vitest run --project server-pglite
 * apps/server/test/openapi-dump.test.ts` writes the served OpenAPI document, so a change to the endpoint declarations
 * can be diffed against the document before it (docs/ARCHITECTURE.md#endpoints). Skipped otherwise.
 */
import { writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createTestContext } from './helpers';

const out = process.env.OPENAPI_OUT;

it.skipIf(!out)('writes the OpenAPI document to OPENAPI_OUT', async () => {
  const ctx = await createTestContext();
  try {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    writeFileSync(out!, `${JSON.stringify(document, null, 2)}\n`);
  } finally {
    await ctx.close();
  }
});
