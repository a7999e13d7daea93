import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../../src/env';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { FALLBACK_ROOT, isRoot, packageNativeDir } from '../../src/server/db/embedded-placement';
import { explainProgramFailure } from '../../src/server/db/embedded-process';
import { describeDatabase, startDatabase } from '../../src/server/db/prepare';
import { assertPortFree, freePort } from '../../src/server/port-check';
import { StartupError } from '../../src/server/startup-error';
import { startTestDatabase } from '../support/test-database';

/**
 * The first run of a newcomer (docs/decisions/031-first-run-anywhere.md): the embedded database starts from a
 * checkout the `postgres` user cannot enter, and each failure a newcomer can meet ends with its cause and fix.
 */

const ROOT_ONLY = 'runs only as root: only then does PostgreSQL run as the "postgres" user';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** A fresh folder; `mode` 700 makes it one the `postgres` user cannot enter, like root's home. */
function scratch(mode = 0o755): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cirrus-first-run-'));
  chmodSync(dir, mode);
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function failureOf(promise: Promise<unknown>): Promise<StartupError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StartupError);
  return error as StartupError;
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('first run as root from a folder the postgres user cannot enter', () => {
  /** A checkout in a mode-700 folder: its data directory, and its PostgreSQL programs reached through a link. */
  function closedCheckout() {
    const home = scratch(0o700);
    const checkout = path.join(home, 'site');
    mkdirSync(checkout);
    const nativeDir = path.join(checkout, 'native');
    symlinkSync(packageNativeDir(), nativeDir);
    return { home, dataDir: path.join(checkout, 'data', 'main'), nativeDir };
  }

  it('starts, with the data moved where that user can reach it and linked from the checkout', async (ctx) => {
    if (!isRoot()) ctx.skip(ROOT_ONLY);
    const { home, dataDir, nativeDir } = closedCheckout();
    const lines: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir, nativeDir, log: (l) => lines.push(l) });
    cleanup.push(() => rmSync(first.dataDir, { recursive: true, force: true }));
    cleanup.push(first.stop);

    expect(await query(first.url, 'select current_user as "user"')).toEqual([{ user: 'postgres' }]);
    expect(first.dataDir.startsWith(`${FALLBACK_ROOT}/`)).toBe(true);
    expect(lstatSync(dataDir).isSymbolicLink()).toBe(true);
    expect(lines.join('\n')).toContain(`cannot enter ${home} (mode 700, owned by root)`);

    // The next start finds the same data through the link.
    await query(first.url, 'create table kept (id int)');
    await first.stop();
    const again = await startEmbeddedPostgres({ dataDir, nativeDir });
    cleanup.push(again.stop);
    expect(again.dataDir).toBe(first.dataDir);
    expect(await query(again.url, "select to_regclass('kept')::text as t")).toEqual([{ t: 'kept' }]);
  });

  it('stops before initdb with the folder, the reason and the fixes when nowhere reachable is left', async (ctx) => {
    if (!isRoot()) ctx.skip(ROOT_ONLY);
    const { home, dataDir, nativeDir } = closedCheckout();
    const failure = await failureOf(
      startEmbeddedPostgres({ dataDir, nativeDir, fallbackRoot: path.join(home, 'elsewhere') }),
    );
    expect(failure.failure).toBe('checkout-unreachable');
    expect(failure.message).toContain(`cannot enter ${home} (mode 700, owned by root)`);
    expect(failure.message).toContain('a user other than root');
    expect(failure.message).toContain('move the checkout');
    expect(failure.message).toContain('set DATA_DIR');
    expect(failure.message).toContain('set DATABASE_URL');
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});

describe('first-run failures end with the cause and the fix', () => {
  async function occupiedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => server.close(resolve)));
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  it('EMBEDDED_PG_PORT already in use: says so before creating anything', async () => {
    const port = await occupiedPort();
    const dataDir = path.join(scratch(), 'data', 'main');
    const failure = await failureOf(startEmbeddedPostgres({ dataDir, port }));
    expect(failure.failure).toBe('port-in-use');
    expect(failure.message).toBe(
      `127.0.0.1:${port} (EMBEDDED_PG_PORT) is already in use by another program: stop that program, or set EMBEDDED_PG_PORT to a free port.`,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('PORT of the site already in use', async () => {
    const port = await occupiedPort();
    const failure = await failureOf(assertPortFree(port, { setting: 'PORT' }));
    expect(failure.message).toBe(
      `port ${port} (PORT) is already in use by another program: stop that program, or set PORT to a free port.`,
    );
  });

  it('a port taken between choosing it and postgres binding it', () => {
    const failure = explainProgramFailure(
      'postgres',
      '2026-01-01 00:00:00.000 UTC [1] LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
      { pgData: '/x/data/main', port: 5555, portSetting: 'EMBEDDED_PG_PORT' },
    );
    expect(failure.failure).toBe('port-in-use');
    expect(failure.message).toContain('127.0.0.1:5555 (EMBEDDED_PG_PORT) is already in use');
  });

  it('DATA_DIR that cannot be written: names the folder and the two ways out', async () => {
    const blocker = path.join(scratch(), 'a-file');
    writeFileSync(blocker, '');
    const failure = await failureOf(
      startDatabase({ DATABASE_URL: undefined, DATA_DIR: blocker, EMBEDDED_PG_PORT: 0 }, 'main', () => {}),
    );
    expect(failure.failure).toBe('data-dir-not-writable');
    expect(failure.message).toBe(
      `the data folder ${blocker} (DATA_DIR) is not writable: a file stands where a folder is needed. Set DATA_DIR to a folder you may write, or DATABASE_URL to an existing PostgreSQL.`,
    );
  });

  it('DATA_DIR without write permission', async (ctx) => {
    if (isRoot()) ctx.skip('root may write any folder, so permissions cannot refuse it');
    const dir = scratch(0o500);
    const failure = await failureOf(
      startDatabase({ DATABASE_URL: undefined, DATA_DIR: dir, EMBEDDED_PG_PORT: 0 }, 'main', () => {}),
    );
    expect(failure.message).toContain(`the data folder ${dir} (DATA_DIR) is not writable: permission denied.`);
  });

  it('a disk that fills up during initdb (the lines initdb writes)', () => {
    const output = [
      'creating configuration files ... ok',
      'running bootstrap script ... 2026-01-01 00:00:00.000 UTC [12764] FATAL:  could not write to file "pg_wal/xlogtemp.12764": No space left on device',
      'child process exited with exit code 1',
      'initdb: removing contents of data directory "/x/data/main"',
    ].join('\n');
    const failure = explainProgramFailure('initdb', output, { pgData: '/x/data/main' });
    expect(failure.failure).toBe('disk-full');
    expect(failure.message).toBe(
      'the disk holding /x/data/main is full (initdb: could not write to file "pg_wal/xlogtemp.12764": No space left on device): free some space on it, or set DATA_DIR to a folder on another disk.',
    );
  });

  it('a disk that fills up during initdb (a real 3 MB disk)', async (ctx) => {
    if (!isRoot()) ctx.skip('mounting a small disk needs root');
    const mountPoint = path.join(scratch(), 'small-disk');
    mkdirSync(mountPoint);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=3m,mode=755', 'tmpfs', mountPoint]);
    if (mounted.status !== 0) ctx.skip('this machine does not let the tests mount a file system');
    cleanup.push(() => spawnSync('umount', [mountPoint]));
    const dataDir = path.join(mountPoint, 'main');
    const failure = await failureOf(startEmbeddedPostgres({ dataDir }));
    expect(failure.failure).toBe('disk-full');
    expect(failure.message.startsWith(`the disk holding ${dataDir} is full (initdb: `)).toBe(true);
    expect(failure.message).toContain('No space left on device');
    expect(failure.message.endsWith('free some space on it, or set DATA_DIR to a folder on another disk.')).toBe(true);
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  });

  it('DATABASE_URL where nothing listens: the masked URL, the cause and the fix', async () => {
    const port = await freePort();
    const url = `postgres://cirrus:secret@127.0.0.1:${port}/cirrus`;
    const failure = await failureOf(
      startDatabase({ DATABASE_URL: url, DATA_DIR: './data', EMBEDDED_PG_PORT: 0 }, 'main', () => {}),
    );
    expect(failure.failure).toBe('database-unreachable');
    expect(failure.message).toBe(
      `cannot reach the database in DATABASE_URL (postgres://cirrus:***@127.0.0.1:${port}/cirrus): nothing listens on 127.0.0.1:${port}. Start that server or correct the host and port, or unset DATABASE_URL to use the embedded PostgreSQL.`,
    );
  });

  describe('against the tests’ own server', () => {
    const base = new URL(inject('databaseUrl'));
    const role = `first_run_${process.pid}`;
    afterAll(async () => {
      await query(base.href, `drop role if exists ${role}`).catch(() => undefined);
    });

    it('DATABASE_URL with a wrong password', async (ctx) => {
      if (process.env.DATABASE_URL) ctx.skip('the server of DATABASE_URL may let anyone in (trust)');
      const url = new URL(base.href);
      url.password = 'not-the-password';
      const failure = await failureOf(
        startDatabase({ DATABASE_URL: url.href, DATA_DIR: './data', EMBEDDED_PG_PORT: 0 }, 'main', () => {}),
      );
      expect(failure.failure).toBe('database-unreachable');
      expect(failure.message).toContain(`the server refused the password of user "${url.username}"`);
      expect(failure.message).not.toContain('not-the-password');
    });

    it('DATABASE_URL whose user may not create the test databases', async (ctx) => {
      const created = await query(base.href, `create role ${role} login password 'pw' nocreatedb`).then(
        () => true,
        () => false,
      );
      if (!created) ctx.skip('the server of DATABASE_URL does not let the tests create a role');
      const url = new URL(base.href);
      url.username = role;
      url.password = 'pw';
      const database = `${url.pathname.slice(1)}_test`;
      const env = loadEnv({ ...process.env, DATABASE_URL: url.href, LOG_LEVEL: 'silent' });
      const failure = await failureOf(startTestDatabase(env, 'test'));
      expect(failure.failure).toBe('cannot-create-database');
      expect(failure.message).toBe(
        `the user "${role}" of DATABASE_URL may not create the test database "${database}" (permission denied): let it (as a superuser: ALTER ROLE "${role}" CREATEDB), create "${database}" owned by "${role}" yourself, or unset DATABASE_URL to test on the embedded PostgreSQL.`,
      );
    });
  });
});

describe('where the database is', () => {
  it('states the embedded URL with its local default password, and masks a DATABASE_URL password', () => {
    const embedded = describeDatabase({
      url: 'postgres://postgres:postgres@127.0.0.1:41234/cirrus',
      embedded: true,
      dataDir: '/srv/site/data/main',
      stop: async () => {},
    });
    expect(embedded[0]).toContain('database: postgres://postgres:postgres@127.0.0.1:41234/cirrus (embedded');
    expect(embedded[0]).toContain('password "postgres" are the local default');
    expect(embedded.join('\n')).toContain('npm run db:psql');
    expect(embedded[1]).toContain('its port is new at each start unless EMBEDDED_PG_PORT is set');
    const fixed = describeDatabase(
      { url: 'postgres://postgres:postgres@127.0.0.1:55432/cirrus', embedded: true, stop: async () => {} },
      { fixedPort: true },
    );
    expect(fixed[1]).toContain('EMBEDDED_PG_PORT keeps its port');
    const external = describeDatabase({
      url: 'postgres://cirrus:s3cret@db.internal:5432/cirrus',
      embedded: false,
      stop: async () => {},
    });
    expect(external).toEqual([
      'database: postgres://cirrus:***@db.internal:5432/cirrus (DATABASE_URL); `npm run db:psql` opens it',
    ]);
  });
});
