/**
 * The floor under the API's share of the bare SQL (docs/performance.md#where-a-requests-time-goes): Node's own
 * HTTP server that does nothing but run one case's statements on a pg pool and send their rows as JSON. No routing,
 * no session, no access check, no security headers, no schema: what any Node server of this product pays for a
 * request on top of the SQL, on this machine. Forked by `loadFloor` (api.ts), which sends it the case.
 */
import http from 'node:http';
import pg from 'pg';
import type { Statement } from './api';

export type FloorCase = { url: string; statements: Statement[]; connections: number; port: number };

process.once('message', (message: FloorCase) => {
  // The bare SQL's session settings (loadBare): the same statements, planned alike.
  const pool = new pg.Pool({
    connectionString: message.url,
    max: message.connections,
    options: '-c enable_memoize=off',
  });
  const server = http.createServer(async (_request, response) => {
    const client = await pool.connect();
    try {
      const rows: unknown[][] = [];
      for (const s of message.statements) rows.push((await client.query(s.query, s.params)).rows);
      const body = JSON.stringify({ data: rows });
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    } catch {
      await client.query('ROLLBACK').catch(() => {});
      response.writeHead(500).end();
    } finally {
      client.release();
    }
  });
  server.keepAliveTimeout = 72_000;
  server.listen(message.port, '127.0.0.1', () => process.send?.('ready'));
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void pool.end().then(() => process.exit(0)));
  });
});
