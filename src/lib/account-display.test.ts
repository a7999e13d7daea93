import { describe, expect, it } from 'vitest';
import { AVATAR_COUNT, avatarIndex, avatarSrc, DEFAULT_AVATAR, maskAccount } from './account-display';

describe('maskAccount (docs/product/states.md#signed-in-or-not)', () => {
  it.each([
    ['johnsmith@x.com', 'john****'],
    ['john@x.com', 'john****'],
    ['abc@x.com', 'abc****'],
    ['a@x.com', 'a****'],
    ['  johnsmith@x.com  ', 'john****'],
  ])('e-mail %s -> %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });

  it.each([
    ['13812345678', '13****678'],
    ['1234567', '12****567'],
    ['+8613812345678', '86****678'],
    ['+86 138-1234-5678', '86****678'],
  ])('phone %s -> %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });

  it.each([
    ['johnsmith', 'john****'],
    ['john', 'john****'],
    ['jo', 'jo****'],
    ['123456', '1234****'],
    ['+12', '+12****'],
    ['138abc45678', '138a****'],
    ['山田太郎さん', '山田太郎****'],
    ['😀😀😀😀😀', '😀😀😀😀****'],
  ])('username %s -> %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });

  it('masks nothing when there is no account', () => {
    expect(maskAccount('')).toBe('');
    expect(maskAccount('   ')).toBe('');
    expect(maskAccount(null)).toBe('');
    expect(maskAccount(undefined)).toBe('');
  });
});

describe('avatarIndex (docs/product/entities.md#avatar)', () => {
  it('uses the default avatar without a username', () => {
    expect(DEFAULT_AVATAR).toBe(2);
    expect(avatarIndex('')).toBe(DEFAULT_AVATAR);
    expect(avatarIndex('  ')).toBe(DEFAULT_AVATAR);
    expect(avatarIndex(null)).toBe(DEFAULT_AVATAR);
    expect(avatarIndex(undefined)).toBe(DEFAULT_AVATAR);
    expect(avatarSrc(null)).toBe('/avatars/2.png');
  });

  it('is deterministic', () => {
    for (const name of ['alice', 'bob', '山田', 'user42']) {
      expect(avatarIndex(name)).toBe(avatarIndex(name));
      expect(avatarSrc(name)).toBe(`/avatars/${avatarIndex(name)}.png`);
    }
  });

  const generators: Array<[string, (i: number) => string]> = [
    ['user<i>', (i) => `user${i}`],
    ['digits', (i) => String(i)],
    ['e-mails', (i) => `u${String(i).padStart(5, '0')}@mail.com`],
    ['CJK', (i) => `用户${i}`],
  ];

  it.each(generators)('spreads 2000 %s usernames over all 8 avatars', (_label, generate) => {
    expect(AVATAR_COUNT).toBe(8);
    const counts = new Array<number>(AVATAR_COUNT).fill(0);
    for (let i = 0; i < 2000; i++) {
      const index = avatarIndex(generate(i));
      expect(Number.isInteger(index)).toBe(true);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(AVATAR_COUNT);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    for (const count of counts) {
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(400);
    }
  });
});
