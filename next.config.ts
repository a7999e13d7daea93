import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { policy } from './src/server/http/content-security-policy';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * Security headers sent with every answer of Next. The policy allows no inline script: the production
 * server replaces it on each HTML answer with one naming that document's inline scripts by hash or nonce
 * (src/server/http/content-security-policy.ts, docs/decisions/032-content-security-policy.md). `next dev` has no such
 * server in front, so its pages keep 'unsafe-inline'.
 */
const contentSecurityPolicy = policy(process.env.NODE_ENV === 'development' ? ["'unsafe-inline'"] : []);

/**
 * One id per build, chosen by the start script (CIRRUS_BUILD_ID) so the server's BUILD_ID and the id inlined
 * into the pages agree; the shell reloads when /api/build reports another (SPEC §4).
 */
const buildId = process.env.CIRRUS_BUILD_ID || 'development';

const nextConfig: NextConfig = {
  generateBuildId: async () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  // The e2e suite builds into its own directory so it never replaces the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  turbopack: {
    // Messages with values skip intl-messageformat where it would write the same string (src/i18n/format-message.ts).
    resolveAlias: { 'use-intl/format-message': './src/i18n/format-message.ts' },
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Content-Security-Policy', value: contentSecurityPolicy },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
