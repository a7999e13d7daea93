import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseOutage, noteDatabaseError } from './outage';

// Logging on, and no database to ask: the probe finds it back at once.
vi.mock('@/env', () => ({ env: () => ({ LOG_LEVEL: 'info', DATABASE_URL: undefined }) }));

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('a database outage in the log', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is one line when it begins and one when it ends, however many failures it causes', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => lines.push(String(line)));
    for (let i = 0; i < 57; i += 1) expect(noteDatabaseError(refused(), i % 2 ? 'pool' : 'mail delivery')).toBe(true);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['database unavailable']);
    expect(databaseOutage()).toBe(true);

    // The probe's first look finds the database back.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(databaseOutage()).toBe(false);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1] as string)).toMatchObject({
      msg: 'database available again',
      failures: 57,
      where: ['mail delivery', 'pool'],
    });
  });

  it('leaves other errors to their caller', () => {
    expect(noteDatabaseError(new Error('syntax error at or near "selec"'), 'api')).toBe(false);
    expect(databaseOutage()).toBe(false);
  });
});
