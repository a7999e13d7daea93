import { describe, expect, it } from 'vitest';
import { STORAGE_VERSION_KEY, wipeForNewVersion } from './storage-version';

function memoryStorage(initial: Record<string, string> = {}): Storage & { dump: () => Record<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key: string) => data.get(key) ?? null,
    key: (index: number) => [...data.keys()][index] ?? null,
    removeItem: (key: string) => {
      data.delete(key);
    },
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    dump: () => Object.fromEntries(data),
  };
}

/** Cookie jar keyed by name and domain; parses `name=value; Max-Age=0; domain=…` writes like a browser. */
function fakeDoc(initial: Array<[name: string, domain: string | null]>) {
  let jar = initial.map(([name, domain]) => ({ name, domain }));
  return {
    get cookie(): string {
      return jar.map((c) => `${c.name}=v`).join('; ');
    },
    set cookie(raw: string) {
      const [pair = '', ...attrs] = raw.split(';').map((part) => part.trim());
      const name = pair.split('=')[0] ?? '';
      const domainAttr = attrs.find((a) => a.toLowerCase().startsWith('domain='));
      const domain = domainAttr ? domainAttr.slice('domain='.length).replace(/^\./, '') : null;
      const expire = attrs.some((a) => a.toLowerCase() === 'max-age=0');
      jar = jar.filter((c) => !(c.name === name && c.domain === domain));
      if (!expire) jar.push({ name, domain });
    },
  };
}

function setup(version: string | null) {
  const local = memoryStorage(version === null ? { 'user-setting': '{}' } : { version, 'user-setting': '{}' });
  const session = memoryStorage({ 'user-account': '{}', chatData: '[]' });
  const doc = fakeDoc([
    ['token', null],
    ['language', 'example.com'],
    ['_ga', 'www.example.com'],
  ]);
  return { local, session, doc, hostname: 'www.example.com' };
}

describe('wipeForNewVersion (docs/product/states.md#stored-version)', () => {
  it('uses the version key', () => {
    expect(STORAGE_VERSION_KEY).toBe('version');
  });

  it('keeps everything when the stored version matches', () => {
    const env = setup('1.2.0');
    expect(wipeForNewVersion(env, '1.2.0')).toBe(false);
    expect(env.local.dump()).toEqual({ version: '1.2.0', 'user-setting': '{}' });
    expect(env.session.dump()).toEqual({ 'user-account': '{}', chatData: '[]' });
    expect(env.doc.cookie).toBe('token=v; language=v; _ga=v');
  });

  it('wipes storage and cookies when a different version is stored', () => {
    const env = setup('1.1.9');
    expect(wipeForNewVersion(env, '1.2.0')).toBe(true);
    expect(env.session.dump()).toEqual({});
    expect(env.local.dump()).toEqual({ version: '1.2.0' });
    expect(env.doc.cookie).toBe('');
    expect(wipeForNewVersion(env, '1.2.0')).toBe(false);
  });

  it('only stores the version on a first visit, keeping what the server just set', () => {
    const env = setup(null);
    expect(wipeForNewVersion(env, '1.2.0')).toBe(false);
    expect(env.local.dump()).toEqual({ 'user-setting': '{}', version: '1.2.0' });
    expect(env.doc.cookie).toBe('token=v; language=v; _ga=v');
  });

  it('compares versions exactly', () => {
    expect(wipeForNewVersion(setup('1.2.0'), '1.2.0 ')).toBe(true);
    expect(wipeForNewVersion(setup('v1'), 'V1')).toBe(true);
  });
});
