import { describe, expect, it } from 'vitest';
import { connectionWarning, likelyConnections } from './connections';

describe('database connections of an instance', () => {
  it('counts a pool and a listener per process, and the jobs process its own', () => {
    // 16 workers at the default pool of 10, and the primary running the jobs.
    expect(likelyConnections({ processes: 16, poolMax: 10, jobs: true })).toBe(16 * 11 + 13);
    expect(likelyConnections({ processes: 16, poolMax: 4, jobs: false })).toBe(80);
  });

  it('warns in one line when the instance would not fit in max_connections', () => {
    const likely = likelyConnections({ processes: 16, poolMax: 10, jobs: true });
    const line = connectionWarning({ likely, maxConnections: 100, reserved: 3, othersNow: 0 });
    expect(line).toMatch(/may open 189 database connections, and PostgreSQL allows 100/);
    expect(line).not.toContain('\n');
    expect(connectionWarning({ likely: 60, maxConnections: 100, reserved: 3, othersNow: 30 })).toBeNull();
    // A second instance already holding its share leaves no room for this one.
    expect(connectionWarning({ likely: 60, maxConnections: 100, reserved: 3, othersNow: 60 })).toMatch(
      /60 held by others/,
    );
  });
});
