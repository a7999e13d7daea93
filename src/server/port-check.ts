import 'server-only';
import net from 'node:net';
import { StartupError } from './startup-error';

/**
 * Stops with a readable message when `port` cannot be listened on, before anything is started that would
 * then fail on it with a stack trace. `setting` names the variable that chose the port.
 */
export async function assertPortFree(port: number, options: { host?: string; setting: string }): Promise<void> {
  const where = options.host ? `${options.host}:${port}` : `port ${port}`;
  try {
    await new Promise<void>((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.once('error', reject);
      server.listen({ port, host: options.host, exclusive: true }, () => server.close(() => resolve()));
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        'port-in-use',
        `${where} (${options.setting}) is already in use by another program: stop that program, or set ${options.setting} to a free port.`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(
        'port-in-use',
        `${where} (${options.setting}) may only be opened by root on this system: set ${options.setting} to a port above 1023.`,
      );
    }
    throw error;
  }
}

/** A port nothing listens on right now on `host` (the kernel picks it). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
