import 'server-only';
import { env } from '@/env';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

function threshold(): number {
  return ORDER[env().LOG_LEVEL];
}

export function shouldLog(level: Level): boolean {
  return ORDER[level] >= threshold();
}

// Info lines (one per API request) are written once per event-loop turn rather than one syscall each: stdout
// to a file or pipe is a synchronous write, and per line it was a tenth of the API's CPU under load (docs/product/targets.md#pricing-and-orders).
let pending: string[] = [];
let flushScheduled = false;

function flush(): void {
  flushScheduled = false;
  if (pending.length === 0) return;
  const text = `${pending.join('\n')}\n`;
  pending = [];
  process.stdout.write(text);
}

process.once('exit', flush);

/** One structured JSON line per event (request logs, errors), for any log collector. */
export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (!shouldLog(level)) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === 'error' || level === 'warn') {
    flush();
    console.error(line);
    return;
  }
  pending.push(line);
  if (pending.length >= 256) flush();
  else if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
}
