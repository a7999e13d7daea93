import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // Tests import server modules directly; the guard only matters inside Next's bundles.
      'server-only': path.resolve(import.meta.dirname, 'tests/support/empty.ts'),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    // TRUST_PROXY: the API tests name each caller's address in X-Forwarded-For, as the operator's proxy would.
    env: {
      NODE_ENV: 'test',
      APP_ENV: 'test',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '1',
      // The customer centre's secret in the payment notification tests (tests/api/order-lifecycle.test.ts).
      PAYMENT_WEBHOOK_SECRET: 'test-payment-secret-0123456789abcdef',
    },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // next-intl's ESM imports `next/server` without an extension; let Vite resolve it.
    server: { deps: { inline: ['next-intl'] } },
  },
});
