import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A second instance of the site (tests/e2e/second-instance.ts), started and driven from a spec. */
export type Instance = { baseURL: string; stopDatabase: () => Promise<void>; close: () => Promise<void> };

function waitForLine(child: ChildProcess, wanted: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => reject(new Error(`no "${wanted}" within ${timeoutMs} ms`)), timeoutMs);
    lines.on('line', (line) => {
      if (line.trim() !== wanted) return;
      clearTimeout(timer);
      lines.close();
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`second instance exited (${code}) before "${wanted}"`)));
  });
}

export async function startInstance(name: string, port: number): Promise<Instance> {
  const child = spawn('npx', ['tsx', '--conditions=react-server', 'tests/e2e/second-instance.ts', name, String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  await waitForLine(child, 'ready', 120_000);
  return {
    baseURL: `http://localhost:${port}`,
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
