import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

/**
 * Browser tests in Debian's Chromium (TOOLCHAIN.md: never a downloaded browser) against the production
 * build, served by tests/e2e/serve.ts on its own database, at phone (375 px) and desktop (1280 px) widths.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // CI's two cores run the build's server and two browsers at once; a test that fails once there and passes on
  // its retry is listed as "flaky" in the summary (to be read, not ignored), one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    locale: 'en-US',
  },
  projects: [
    // Specs about the server rather than the width run once, in the desktop project. A test that means one width
    // only carries the tag `@phone-only` or `@desktop-only` (`test('…', { tag: '@phone-only' }, …)`, or on a
    // `test.describe`), and the other project leaves it out here: chosen before the run, it is neither started
    // nor counted as skipped, and `--list` shows exactly what each project runs. A runtime `test.skip(…)` on the
    // project's name or width would start a worker's fixtures only to stop again.
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 812 }, hasTouch: true },
      // The content security policy is the server's answer, the same at every width.
      testIgnore: [
        'outage.spec.ts',
        'csp.spec.ts',
        'changes.spec.ts',
        'admin-prices.spec.ts',
        'rolling-restart.spec.ts',
      ],
      grepInvert: /@desktop-only/,
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: ['changes.spec.ts', 'admin-prices.spec.ts', 'rolling-restart.spec.ts'],
      grepInvert: /@phone-only/,
    },
    // Timed from an operator's change to every instance (2 s, decision 040), with two more servers of its own:
    // run last and alone, so the other specs' pages do not share the two cores with the renders it times. The
    // scheduled price change (decision 042) is timed the same way, after it rather than beside it (each starts a
    // second instance; side by side they took the cores from each other's renders); it checks both widths itself.
    {
      name: 'instances',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: ['changes.spec.ts'],
      dependencies: ['phone', 'desktop'],
    },
    {
      name: 'scheduled-prices',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: ['admin-prices.spec.ts'],
      dependencies: ['instances'],
    },
    // Two more instances behind nginx, one restarted under load (README.md#deploying-several-instances): last and
    // alone too, so the load it makes does not slow the timed specs.
    {
      name: 'rolling-restart',
      testMatch: ['rolling-restart.spec.ts'],
      dependencies: ['scheduled-prices'],
    },
  ],
  webServer: {
    command: 'npx tsx --conditions=react-server tests/e2e/serve.ts',
    url: `${baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
