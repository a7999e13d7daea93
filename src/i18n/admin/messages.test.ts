import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/admin/en.json';
import ja from '@/i18n/admin/ja.json';
import zh from '@/i18n/admin/zh.json';

/**
 * Every `api.admin.*` answer the back office's API can give has its words in the back office's three languages:
 * an operator never reads a message key.
 */
const ROOTS = ['src/server/admin', 'src/server/api/admin', 'src/lib/admin'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const keys = [
  ...new Set(ROOTS.flatMap(files).flatMap((file) => readFileSync(file, 'utf8').match(/api\.admin\.[A-Za-z]+/g) ?? [])),
].sort();

describe('back-office messages', () => {
  it('finds the keys the API answers with', () => {
    expect(keys.length).toBeGreaterThan(10);
  });
  for (const [locale, messages] of Object.entries({ en, zh, ja })) {
    it(`has every api.admin key in ${locale}`, () => {
      const admin = (messages as { api: { admin: Record<string, string> } }).api.admin;
      expect(keys.filter((key) => !admin[key.replace('api.admin.', '')]?.trim())).toEqual([]);
    });
  }
});
