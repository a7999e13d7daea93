import 'server-only';
import pg from 'pg';
import { StartupError } from '../startup-error';

/**
 * An existing PostgreSQL named by DATABASE_URL: connecting to it, and creating the tests' databases on it,
 * with each way that can fail turned into the cause and the fix (docs/decisions/031-first-run-anywhere.md).
 */

/** The URL with its password replaced by ***, for logs and messages. */
export function maskPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(not a URL)';
  }
}

function partsOf(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || 'localhost',
    port: parsed.port || '5432',
    user: decodeURIComponent(parsed.username) || 'postgres',
    database: decodeURIComponent(parsed.pathname.slice(1)) || decodeURIComponent(parsed.username) || 'postgres',
  };
}

export function explainConnectError(error: unknown, url: string, setting = 'DATABASE_URL'): StartupError {
  const { code, message } = error as { code?: string; message?: string };
  const { host, port, user, database } = partsOf(url);
  const fallback = `or unset ${setting} to use the embedded PostgreSQL`;
  const [cause, fix] = ((): [string, string] => {
    switch (code) {
      case 'ECONNREFUSED':
        return [`nothing listens on ${host}:${port}`, `Start that server or correct the host and port, ${fallback}.`];
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return [`the host name "${host}" is not known`, `Correct the host in ${setting}, ${fallback}.`];
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return [`${host}:${port} cannot be reached (${code})`, `Check the host, port and firewall, ${fallback}.`];
      case '28P01':
        return [`the server refused the password of user "${user}"`, `Correct the user and password, ${fallback}.`];
      case '28000':
        return [`the server does not let user "${user}" in (${message})`, `Allow it in pg_hba.conf, ${fallback}.`];
      case '3D000':
        return [
          `the database "${database}" does not exist on that server`,
          `Create it (createdb -h ${host} -p ${port} -U ${user} ${database}) or correct the name, ${fallback}.`,
        ];
      default:
        if (message && /timeout/i.test(message)) {
          return [`${host}:${port} did not answer within 5 s`, `Check the host, port and firewall, ${fallback}.`];
        }
        return [message ?? String(error), `Check ${setting}, ${fallback}.`];
    }
  })();
  return new StartupError(
    'database-unreachable',
    `cannot reach the database in ${setting} (${maskPassword(url)}): ${cause}. ${fix}`,
  );
}

/** A connected client, or a StartupError saying why there is none. */
export async function connectOrExplain(url: string, setting = 'DATABASE_URL'): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A server that drops the connection later must not crash the process with an unhandled 'error'.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw explainConnectError(error, url, setting);
  }
}

/** Creates `name` on the server `client` is connected to when missing; `url` is the DATABASE_URL it came from. */
export async function ensureDatabaseOn(client: pg.Client, name: string, url: string): Promise<void> {
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount !== 0) return;
  try {
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } catch (error) {
    const { code } = error as { code?: string };
    if (code === '42P04') return; // created by a process starting at the same moment
    if (code === '42501') {
      const { user } = partsOf(url);
      throw new StartupError(
        'cannot-create-database',
        `the user "${user}" of DATABASE_URL may not create the test database "${name}" (permission denied): let it (as a superuser: ALTER ROLE "${user}" CREATEDB), create "${name}" owned by "${user}" yourself, or unset DATABASE_URL to test on the embedded PostgreSQL.`,
      );
    }
    throw error;
  }
}
