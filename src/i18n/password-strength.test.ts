import { Options } from '@zxcvbn-ts/core';
import { describe, expect, it } from 'vitest';
import en from './password-strength/en.json';
import ja from './password-strength/ja.json';
import zh from './password-strength/zh.json';

/** Every key path of a catalogue, `warnings.dates` style. */
function paths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => paths(value, prefix ? `${prefix}.${key}` : key));
}

describe("the strength meter's words (src/components/account/password-meter.tsx)", () => {
  it('has every warning and suggestion zxcvbn-ts can give, in English', () => {
    const { warnings, suggestions } = new Options().translations;
    expect(Object.keys(en.warnings).sort()).toEqual(Object.keys(warnings).sort());
    expect(Object.keys(en.suggestions).sort()).toEqual(Object.keys(suggestions).sort());
  });

  it.each([
    ['zh', zh],
    ['ja', ja],
  ])('says all of it in %s too, with the same placeholders', (_locale, catalogue) => {
    // Chinese and Japanese have one plural form, English two.
    const expected = paths(en).filter((path) => path !== 'tooShort.one');
    expect(paths(catalogue).sort()).toEqual(expected.sort());
    expect(catalogue.summary).toContain('{level}');
    expect(catalogue.tooShort.other).toContain('#');
  });
});
