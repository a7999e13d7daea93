import { _createCache, _createIntlFormatters } from 'use-intl/core';
import icuFormatMessage from 'use-intl/format-message';
import { describe, expect, it } from 'vitest';
import formatMessage from '@/i18n/format-message';
import en from '@/i18n/messages/en.json';
import ja from '@/i18n/messages/ja.json';
import zh from '@/i18n/messages/zh.json';

const catalogs = { en, zh, ja } as const;

function options(locale: string) {
  const cache = _createCache();
  return { cache, formatters: _createIntlFormatters(cache), locale };
}

function* messagesWithArguments(node: unknown, path: string): Generator<[string, string]> {
  if (typeof node === 'string') {
    if (node.includes('{')) yield [path, node];
  } else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) yield* messagesWithArguments(child, path ? `${path}.${key}` : key);
  }
}

const SAMPLES: (string | number)[] = [0, 1, 2, 3, 5, 11, 21, 999, 1000, 1234567, -3, 1.5, 'Ada', ''];

describe('message formatting fast path (issue 9)', () => {
  it('writes every message of the three catalogs exactly as intl-messageformat does, and takes most of them', () => {
    let compared = 0;
    let fast = 0;
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const [key, message] of messagesWithArguments(catalog, '')) {
        const names = [...message.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((match) => match[1] as string);
        for (const sample of SAMPLES) {
          const values = Object.fromEntries(names.map((name) => [name, sample]));
          let expected: unknown;
          try {
            expected = icuFormatMessage(key, message, values, options(locale));
          } catch {
            continue; // a string where ICU wants a number: not a call the pages make
          }
          const ours = options(locale);
          expect(formatMessage(key, message, values, ours), `${locale} ${key} ${String(sample)}`).toEqual(expected);
          compared++;
          // The package's formatter creates its message-format cache on first use; the fast path never does.
          if (!('getMessageFormat' in ours.formatters)) fast++;
        }
      }
    }
    expect(compared).toBeGreaterThan(3000);
    expect(fast / compared).toBeGreaterThan(0.7);
  });

  it('writes plurals with the locale rules and leaves large counts to ICU', () => {
    const months = '{count, plural, =0 {no months} one {# month} other {# months}}';
    expect(formatMessage('m', months, { count: 0 }, options('en'))).toBe('no months');
    expect(formatMessage('m', months, { count: 1 }, options('en'))).toBe('1 month');
    expect(formatMessage('m', months, { count: 12 }, options('en'))).toBe('12 months');
    expect(formatMessage('m', months, { count: 1200 }, options('en'))).toBe('1,200 months');
  });

  it('leaves rich text, missing values and quoted braces to ICU, with its errors', () => {
    const bold = formatMessage(
      'b',
      'Hello <b>{name}</b>',
      { name: 'Ada', b: (chunks) => `*${chunks}*` },
      options('en'),
    );
    expect(bold).toEqual(
      icuFormatMessage('b', 'Hello <b>{name}</b>', { name: 'Ada', b: (chunks) => `*${chunks}*` }, options('en')),
    );
    expect(formatMessage('q', "Use '{braces}' for {name}", { name: 'Ada' }, options('en'))).toBe(
      'Use {braces} for Ada',
    );
    expect(() => formatMessage('missing', 'Hi {name}', { other: 1 }, options('en'))).toThrow();
  });
});
