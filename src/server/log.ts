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

/** One structured JSON line per event (request logs, errors), for any log collector. */
export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (!shouldLog(level)) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}
