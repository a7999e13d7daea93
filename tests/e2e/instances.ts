import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A second instance of the site (tests/e2e/second-instance.ts), started and driven from a spec. `databaseUrl` is
 * the database it runs on, for a spec that changes data under it or starts another instance on the same one.
 */
export type Instance = {
  baseURL: string;
  databaseUrl: string;
  stopDatabase: () => Promise<void>;
  close: () => Promise<void>;
};

function waitForLine(
  child: ChildProcess,
  wanted: string,
  timeoutMs: number,
  onLine: (line: string) => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => reject(new Error(`no "${wanted}" within ${timeoutMs} ms`)), timeoutMs);
    lines.on('line', (line) => {
      onLine(line.trim());
      if (line.trim() !== wanted) return;
      clearTimeout(timer);
      lines.close();
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`second instance exited (${code}) before "${wanted}"`)));
  });
}

/** Starts an instance on a database of its own, or on `options.databaseUrl` (another instance's) as it is. */
export async function startInstance(
  name: string,
  port: number,
  options: { databaseUrl?: string } = {},
): Promise<Instance> {
  const args = ['tsx', '--conditions=react-server', 'tests/e2e/second-instance.ts', name, String(port)];
  if (options.databaseUrl) args.push(options.databaseUrl);
  const child = spawn('npx', args, { stdio: ['pipe', 'pipe', 'inherit'], env: process.env });
  let databaseUrl = '';
  await waitForLine(child, 'ready', 120_000, (line) => {
    if (line.startsWith('database ')) databaseUrl = line.slice('database '.length);
  });
  return {
    baseURL: `http://localhost:${port}`,
    databaseUrl,
    stopDatabase: async () => {
      const stopped = waitForLine(child, 'db-stopped', 30_000);
      child.stdin?.write('stop-db\n');
      await stopped;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      await exited;
    },
  };
}
