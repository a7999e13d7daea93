import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { config } from '@/proxy';

// The matcher as Next applies it to a pathname (its pattern is a regular expression here).
const matches = (pathname: string) => new RegExp(`^${config.matcher}$`).test(pathname);

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}/${entry}`) : [`${prefix}/${entry}`];
  });
}

describe('the proxy runs on every page path and on no file (docs/decisions/034-hostile-input.md)', () => {
  it('leaves out every file of public/ and the app’s root files, or they would be routed as pages', () => {
    const files = [...filesUnder('public'), '/favicon.ico', '/apple-icon.png', '/robots.txt', '/sitemap.xml'];
    for (const file of files) expect(matches(file), file).toBe(false);
    for (const internal of [
      '/api/health',
      '/_next/static/x.js',
      '/admin',
      '/admin/announcements/3',
      '/internal-revalidate',
    ]) {
      expect(matches(internal), internal).toBe(false);
    }
  });

  it('routes page paths, those with a dot too', () => {
    for (const page of [
      '/',
      '/zh',
      '/ja/jobs',
      '/doc/search/ubuntu%2022.04',
      '/ja/doc/announce/detail/1.5',
      '/example.com',
      '/administrator',
    ]) {
      expect(matches(page), page).toBe(true);
    }
  });
});
