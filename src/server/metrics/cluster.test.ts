import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The workers of one instance answer a scrape together (docs/decisions/052-metrics.md, src/server/metrics/cluster.ts).

const run = promisify(execFile);

describe('metrics of several workers', () => {
  it('sums the workers through the primary, and takes the shared gauges once', async () => {
    const fixture = path.resolve(import.meta.dirname, '../../../tests/support/metrics-cluster.ts');
    const { stdout } = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', fixture], {
      timeout: 60_000,
      env: { ...process.env, NODE_ENV: 'test' },
    });
    expect(stdout).toContain('storefront_api_requests_total{method="GET",route="/api/x/:id",status_class="2xx"} 9');
    expect(stdout).toContain(
      'storefront_api_request_duration_seconds_count{method="GET",route="/api/x/:id",status_class="2xx"} 9',
    );
    expect(stdout).toContain('storefront_outbox_pending{outbox="mail"} 5');
    expect(stdout).toContain('process_resident_memory_bytes');
  }, 90_000);
});
