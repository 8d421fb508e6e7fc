import { tmpdir } from 'node:os';
import path from 'node:path';

/** Values shared by the Playwright config (which starts the server) and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ADMIN_LOGIN = 'admin';
export const ADMIN_PASSWORD = 'E2e-admin-pass-1';
export const JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-0123456789';
export const PII_KEY = '0101010101010101010101010101010101010101010101010101010101010101';
/** Everything the server process writes while the suite runs: the last spec reads it for personal data. */
export const SERVER_LOG = path.join(tmpdir(), `ilson-e2e-server-${E2E_PORT}.log`);
