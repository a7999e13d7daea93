import { createElement, type ReactNode } from 'react';
import { _createCache, _createIntlFormatters, IntlError } from 'use-intl/core';
import icuFormatMessage from 'use-intl/format-message';
import { describe, expect, it } from 'vitest';
import formatMessage from '@/i18n/format-message';
import en from '@/i18n/messages/en.json';
import ja from '@/i18n/messages/ja.json';
import zh from '@/i18n/messages/zh.json';

// Vitest does not apply next.config.ts's alias: `use-intl/format-message` here is the package's own formatter
// (intl-messageformat), the reference ours must agree with (decision 026).

const catalogs = { en, zh, ja } as const;

function options(locale: string) {
  const cache = _createCache();
  return { cache, formatters: _createIntlFormatters(cache), locale };
}

type Values = Parameters<typeof formatMessage>[2];

/** Both formatters' answer for one call: the value, or that it threw. */
function both(message: string, values: Values, locale = 'en') {
  const outcome = (format: typeof formatMessage) => {
    try {
      return { value: format('key', message, values, options(locale)) };
    } catch {
      return { threw: true };
    }
  };
  return { ours: outcome(formatMessage), icu: outcome(icuFormatMessage) };
}

function* catalogMessages(node: unknown, path: string): Generator<[string, string]> {
  if (typeof node === 'string') yield [path, node];
  else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) yield* catalogMessages(child, path ? `${path}.${key}` : key);
  }
}

const SAMPLES: (string | number)[] = [0, 1, 2, 3, 5, 11, 21, 999, 1000, 1234567, -3, 1.5, 'Ada', ''];
const link = (chunks: ReactNode) => createElement('a', { href: '/terms' }, chunks);

describe('message formatting (decision 026)', () => {
  it('writes every message of the three catalogs exactly as intl-messageformat does', () => {
    let compared = 0;
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const [key, message] of catalogMessages(catalog, '')) {
        const names = [...message.matchAll(/[{<]\s*([A-Za-z_]\w*)/g)].map((match) => match[1] as string);
        const samples = names.length ? SAMPLES : [null];
        for (const sample of samples) {
          const values: Values = sample === null ? undefined : {};
          for (const name of names) {
            if (values && sample !== null) values[name] = message.includes(`<${name}>`) ? link : sample;
          }
          const { ours, icu } = both(message, values, locale);
          // Where ICU refuses (a string for a plural) ours refuses too; everywhere else the same value.
          expect(ours, `${locale} ${key} ${String(sample)}`).toEqual(icu);
          if (!('threw' in icu)) compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('follows ICU on quoting, plurals, select, tags and missing values', () => {
    const cases: [string, Values][] = [
      ["It''s {name}''s turn", { name: 'Ada' }],
      ["Use '{braces}' and '<b>' for {name}", { name: 'Ada' }],
      ["a ' alone, a '' pair, '# outside", { x: 1 }],
      ["{n, plural, one {# item '#' {name}} other {# items}}", { n: 1, name: 'Ada' }],
      ['{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 }],
      ['{n, plural, =0 {none} one {# item} other {# items}}', { n: 1 }],
      ['{n, plural, =0 {none} one {# item} other {# items}}', { n: 1200 }],
      ['{n, plural, =0 {none} one {# item} other {# items}}', { n: 2.5 }],
      ['{n, plural, other {{who, select, me {mine, #} other {# of {who}}}}}', { n: 4, who: 'me' }],
      ['{n, plural, other {{who, select, me {mine, #} other {# of {who}}}}}', { n: 4, who: 'Ada' }],
      ['{ spaced  } and {empty}', { spaced: 'a', empty: '' }],
      ['{a}{b}{c}', { a: 0, b: null, c: false } as unknown as Values],
      ['Read the <terms>terms for {name}</terms>.', { name: 'Ada', terms: link }],
      ['<terms>only</terms>', { terms: link }],
      ['Self-closing <br/> stays text', { x: 1 }],
      ['a < b and 1 <> 2', { x: 1 }],
      ['Hi {name}', { other: 1 }],
      ['<terms>x</terms>', { terms: 'not a function' }],
      ['{n, plural, one {x}}', { n: 2 }],
      ['', { x: 1 }],
    ];
    for (const [message, values] of cases) {
      const { ours, icu } = both(message, values);
      expect(ours, message).toEqual(icu);
    }
    expect(both('{n, plural, one {# día} other {# días}}', { n: 1234 }, 'es').ours).toEqual({ value: '1234 días' });
  });

  it('writes plurals with each language’s rules', () => {
    const months = '{count, plural, one {# month} other {# months}}';
    expect(formatMessage('m', months, { count: 1 }, options('en'))).toBe('1 month');
    expect(formatMessage('m', months, { count: 1200 }, options('en'))).toBe('1,200 months');
    expect(formatMessage('m', '{count, plural, other {# か月}}', { count: 1 }, options('ja'))).toBe('1 か月');
  });

  it('refuses the syntax it does not support with next-intl’s error, so the page shows the fallback', () => {
    for (const message of [
      '{n, number}',
      '{d, date, short}',
      '{n, selectordinal, other {#th}}',
      '{n, plural, offset:1 other {#}}',
    ]) {
      expect(() => formatMessage('key', message, { n: 1, d: new Date(0) }, options('en')), message).toThrow(IntlError);
    }
  });
});
