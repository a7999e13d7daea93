import { describe, expect, it } from 'vitest';
import { isRepeatOrRun, passwordShapeIssue, personalPasswordWords } from './account-password-rules';

describe('account password rules (docs/decisions/056-account-passwords.md)', () => {
  it.each([
    '88888888',
    '00000000',
    '12121212',
    '123123123',
    'abcabcabc',
    'ABCDEFGH',
    '87654321',
    'ｚｙｘｗｖｕｔｓ',
  ])('calls %s a repeat or a run', (password) => expect(isRepeatOrRun(password)).toBe(true));

  it.each([
    'Moonlit river; 7 cranes!!',
    '13579bdf',
    '12345679',
    'abcdefgz',
    '12312345',
    '青山 白云 小猫 咪咪',
  ])('lets %s through', (password) => expect(isRepeatOrRun(password)).toBe(false));

  it('counts code points and refuses controls, and nothing else about the characters', () => {
    expect(passwordShapeIssue('👨‍👩‍👧👨‍👩‍👧😀')).toBeNull();
    expect(passwordShapeIssue('a b c d!')).toBeNull();
    expect(passwordShapeIssue('with\u0000nul')).toBe('validation.passwordControl');
  });

  it("names an account's address, its name part and the site", () => {
    expect(personalPasswordWords('Mei.Lin@Example.com', 'Cirrus Cloud')).toEqual([
      'cirrus cloud',
      'cirruscloud',
      'mei.lin@example.com',
      'mei.lin',
    ]);
  });
});
