import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, firstPasswordProblem, generateTemporaryPassword } from './passwords';

describe('password rules', () => {
  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
    ['Abcdefg1-', 'Password must contain at least one special character'],
  ])('%s breaks a rule: %s', (password, message) => {
    expect(firstPasswordProblem(password)).toBe(message);
  });

  it.each(['Abcdefg1!', 'Zz9"{}|<>', 'Passw0rd.'])('%s meets every rule', (password) => {
    expect(firstPasswordProblem(password)).toBeUndefined();
  });

  it('generates temporary passwords that meet every rule and differ', () => {
    const passwords = Array.from({ length: 200 }, () => generateTemporaryPassword());
    for (const password of passwords) {
      expect(password).toHaveLength(16);
      expect(PASSWORD_RULES.filter((rule) => !rule.test(password))).toEqual([]);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
