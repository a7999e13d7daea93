import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env';
import { createApp } from '../../src/server/api/app';
import { createDatabase } from '../../src/server/db/client';
import { call } from '../support/api';
import { startTestDatabase } from '../support/test-database';

// A database of its own, so stopping it cannot disturb the other test files.
describe('health when the database stops', () => {
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: undefined });
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup) await fn();
  });

  it('answers 200, then 503 with the 5030 envelope once PostgreSQL is down', async () => {
    const server = await startTestDatabase(env, 'test-health');
    cleanup.push(server.stop);
    const db = createDatabase(server.url, { max: 1 });
    cleanup.push(() => db.$client.end().catch(() => undefined));
    const app = createApp({ db });

    const up = await call(app, 'GET', '/api/health');
    expect(up.status).toBe(200);

    await server.stop();
    const down = await call(app, 'GET', '/api/health');
    expect(down.status).toBe(503);
    expect(down.json).toEqual({ code: 5030, message: 'api.dependencyDown' });
  });
});
