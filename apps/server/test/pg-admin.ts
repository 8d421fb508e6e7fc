import pg from 'pg';

/** The same server as `url`, another database on it. */
export function adminUrl(url: string, database = 'postgres'): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function templateName(url: string): string {
  const base = new URL(url).pathname.slice(1) || 'ilson_test';
  return `${base}_tpl`;
}

export async function withDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
