import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from './new-password';

describe('the list of common passwords (docs/decisions/056-account-passwords.md)', () => {
  it('holds at least the 10,000 most common passwords, in any case and any width', async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const password of ['123456', 'password', 'qwertyuiop', 'iloveyou', 'sunshine', 'football'])
      expect(isCommonPassword(list, password), password).toBe(true);
    expect(isCommonPassword(list, 'PassWord')).toBe(true);
    // Full-width letters, as a CJK keyboard types them, are the same password after NFKC.
    expect(isCommonPassword(list, 'ｐａｓｓｗｏｒｄ')).toBe(true);
    expect(isCommonPassword(list, 'Moonlit river; 7 cranes!!')).toBe(false);
  });

  it('answers in well under a millisecond, the longest password included', async () => {
    const list = await commonPasswords();
    const samples = [
      'sunshine',
      'Moonlit river; 7 cranes!!',
      '🐼🌊'.repeat(64),
      '静かな雲'.repeat(32),
      'x'.repeat(128),
    ];
    for (let i = 0; i < 1_000; i += 1) isCommonPassword(list, samples[i % samples.length] ?? '');
    const times: number[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const password = samples[i % samples.length] ?? '';
      const start = performance.now();
      isCommonPassword(list, password);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? Infinity;
    const p99 = times[Math.floor(times.length * 0.99)] ?? Infinity;
    expect(median, `median ${median} ms`).toBeLessThan(0.1);
    expect(p99, `p99 ${p99} ms`).toBeLessThan(1);
  });
});
