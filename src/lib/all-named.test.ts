import { describe, expect, it } from 'vitest';
import { allNamed } from './all-named';

describe('allNamed', () => {
  it('gives each result under its own name, whatever order they settle in', async () => {
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('late'), 20));
    const result = await allNamed({ late, early: Promise.resolve(1), plain: true });
    expect(result).toEqual({ late: 'late', early: 1, plain: true });
  });

  it('fails as soon as one fails, like Promise.all', async () => {
    await expect(allNamed({ ok: Promise.resolve(1), bad: Promise.reject(new Error('down')) })).rejects.toThrow('down');
  });
});
