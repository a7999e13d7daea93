import { inject } from 'vitest';
import { createApp } from '../../src/server/api/app';
import { createDatabase, type Database } from '../../src/server/db/client';

let db: Database | undefined;

/** The tests' database (see global-setup.ts); one pool per test file. */
export function testDb(): Database {
  db ??= createDatabase(inject('databaseUrl'), { max: 4 });
  return db;
}

/** The real Hono app over the tests' database, called without a server (docs/design.md#architecture). */
export function testApp() {
  return createApp({ db: testDb() });
}

type Json = Record<string, unknown> | unknown[] | string | number | boolean | null;

/** Calls the API like the browser does and returns status, headers and parsed JSON body. */
export async function call(
  app: ReturnType<typeof createApp>,
  method: string,
  path: string,
  options: { json?: Json; body?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.request(path, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    json: json as { code: number; message: unknown; fields?: Record<string, string> },
    text,
  };
}
