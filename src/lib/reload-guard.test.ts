import { describe, expect, it } from 'vitest';
import { mayReload, RELOAD_GUARD_KEY, RELOAD_GUARD_MS, shouldReloadForBuild } from './reload-guard';

const now = Date.UTC(2025, 2, 3, 4);

describe('reload guard constants (docs/product/constants.md#timing)', () => {
  it('guards for 10 s under buildReloadAt', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(RELOAD_GUARD_KEY).toBe('buildReloadAt');
  });
});

describe('mayReload (docs/product/states.md#build-check)', () => {
  it.each([null, '', ' ', 'abc', 'NaN'])('allows a reload for %j', (value) => {
    expect(mayReload(value, now)).toBe(true);
  });

  it('blocks for 10 s after the last reload and allows at exactly 10 s', () => {
    expect(mayReload(String(now), now)).toBe(false);
    expect(mayReload(String(now - RELOAD_GUARD_MS + 1), now)).toBe(false);
    expect(mayReload(String(now - RELOAD_GUARD_MS), now)).toBe(true);
    expect(mayReload(String(now - RELOAD_GUARD_MS - 1), now)).toBe(true);
  });
});

describe('shouldReloadForBuild (docs/product/states.md#build-check)', () => {
  it.each([
    [null, null, false],
    [null, 'b', false],
    ['a', null, false],
    ['', 'b', false],
    ['a', '', false],
    [' ', 'b', false],
    ['a', 'a', false],
    ['a', 'a\n', false],
    ['a', 'b', true],
  ])('%j -> %j: %s', (current, latest, expected) => {
    expect(shouldReloadForBuild(current, latest)).toBe(expected);
  });
});
