import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentBuildId } from './next-process';

const made: string[] = [];
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ NODE_ENV: 'production', ...extra });
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with a source file and a package.json, in a folder of its own. */
function checkout(source = 'export const a = 1;\n'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-id-'));
  made.push(dir);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src', 'a.ts'), source);
  writeFileSync(path.join(dir, 'package.json'), '{"name":"x"}\n');
  return dir;
}

describe('the build id', () => {
  it('is the same for the same sources and settings built anywhere, so instances of one release agree', () => {
    const one = checkout();
    const two = mkdtempSync(path.join(tmpdir(), 'build-id-'));
    made.push(two);
    cpSync(one, two, { recursive: true });
    expect(contentBuildId(env(), one)).toBe(contentBuildId(env(), two));
    expect(contentBuildId(env(), one)).toMatch(/^[0-9a-f]{20}$/);
  });

  it('changes with a source file or a setting baked into the pages', () => {
    const base = contentBuildId(env(), checkout());
    expect(contentBuildId(env(), checkout('export const a = 2;\n'))).not.toBe(base);
    expect(contentBuildId(env({ SITE_URL: 'https://cirrus.example' }), checkout())).not.toBe(base);
  });

  it('follows PORT when SITE_URL is unset, since the pages then carry the local address', () => {
    const dir = checkout();
    expect(contentBuildId(env({ PORT: '3300' }), dir)).not.toBe(contentBuildId(env({ PORT: '3000' }), dir));
    expect(contentBuildId(env({ PORT: '3000' }), dir)).toBe(contentBuildId(env(), dir));
    const site = { SITE_URL: 'https://cirrus.example' };
    expect(contentBuildId(env({ ...site, PORT: '3300' }), dir)).toBe(
      contentBuildId(env({ ...site, PORT: '3000' }), dir),
    );
  });
});
