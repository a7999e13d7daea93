import { describe, expect, it } from 'vitest';
import { runsBackgroundJobs, WEB_PROCESS_ENV } from './placement';

// Where an instance's jobs run (docs/decisions/064-background-jobs.md): one process per instance, none with JOBS=off.
describe('the process that runs the jobs', () => {
  const url = 'postgres://db/cirrus';

  it('is the primary of several workers, or the only process; never a worker', () => {
    expect(runsBackgroundJobs({ primary: true, jobs: 'on', databaseUrl: url })).toBe(true);
    // A worker the primary forked: cluster's isPrimary is false there, and it carries the primary's mark.
    expect(runsBackgroundJobs({ primary: false, jobs: 'on', databaseUrl: url, environment: WEB_PROCESS_ENV })).toBe(
      false,
    );
    expect(runsBackgroundJobs({ primary: true, jobs: 'on', databaseUrl: url, environment: WEB_PROCESS_ENV })).toBe(
      false,
    );
  });

  it('is none with JOBS=off (a web-only instance) or without a database', () => {
    expect(runsBackgroundJobs({ primary: true, jobs: 'off', databaseUrl: url })).toBe(false);
    expect(runsBackgroundJobs({ primary: true, jobs: 'on', databaseUrl: undefined })).toBe(false);
  });
});
