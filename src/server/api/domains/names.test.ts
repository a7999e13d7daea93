import { describe, expect, it } from 'vitest';
import { displayName, isRegistrableLabel, normalizeSuffix, parseSearchName } from './names';

const SUFFIXES = ['.com', '.cn', '.com.cn', '.jp', '.co.jp'];

describe('parseSearchName', () => {
  it('reads a bare label in any case', () => {
    expect(parseSearchName('  MyBrand ', SUFFIXES)).toEqual({ ok: true, label: 'mybrand', typedSuffix: undefined });
  });

  it('splits off the longest suffix that fits', () => {
    expect(parseSearchName('shop.com.cn', SUFFIXES)).toEqual({ ok: true, label: 'shop', typedSuffix: '.com.cn' });
    expect(parseSearchName('shop.cn', SUFFIXES)).toEqual({ ok: true, label: 'shop', typedSuffix: '.cn' });
    expect(parseSearchName('com.cn', SUFFIXES)).toEqual({ ok: true, label: 'com', typedSuffix: '.cn' });
    expect(parseSearchName('shop.com.', SUFFIXES)).toEqual({ ok: true, label: 'shop', typedSuffix: '.com' });
  });

  it('converts Chinese and Japanese to punycode, full-width dots included', () => {
    expect(parseSearchName('域名', SUFFIXES)).toMatchObject({ ok: true, label: 'xn--eqrt2g' });
    expect(parseSearchName('東京。jp', SUFFIXES)).toEqual({ ok: true, label: 'xn--1lqs71d', typedSuffix: '.jp' });
  });

  it.each([
    ['-abc', 'validation.domain'],
    ['abc-', 'validation.domain'],
    ['a_b', 'validation.domain'],
    ['ab--cd', 'validation.domain'],
    ['a/b', 'validation.domain'],
    ['%41', 'validation.domain'],
    ['a b', 'validation.domain'],
    ['', 'validation.required'],
    ['a'.repeat(64), 'api.field.tooLong'],
    ['shop.museum', 'domain.error.unknownSuffix'],
  ])('refuses %j', (input, messageKey) => {
    expect(parseSearchName(input, SUFFIXES)).toEqual({ ok: false, messageKey });
  });
});

describe('label and suffix helpers', () => {
  it('allows -- in positions 3-4 only for xn-- labels', () => {
    expect(isRegistrableLabel('xn--eqrt2g')).toBe(true);
    expect(isRegistrableLabel('ab--cd')).toBe(false);
    expect(isRegistrableLabel('a-b-c')).toBe(true);
    expect(isRegistrableLabel('a'.repeat(63))).toBe(true);
  });

  it('normalizes suffixes as clients send them', () => {
    expect(normalizeSuffix('COM')).toBe('.com');
    expect(normalizeSuffix('.co.jp')).toBe('.co.jp');
    expect(normalizeSuffix('.中国')).toBe('.xn--fiqs8s');
    expect(normalizeSuffix('.c/m')).toBeUndefined();
  });

  it('shows punycode names in their script', () => {
    expect(displayName('xn--9kqw2h5zd6yw.com')).toBe('云服务器.com');
    expect(displayName('example.com')).toBe('example.com');
  });
});
