import { describe, expect, it } from 'vitest';
import {
  MAX_PASSWORD_LENGTH,
  PASSWORD_POLICY_MESSAGES,
  PASSWORD_RULES,
  firstPasswordProblem,
  generateTemporaryPassword,
  passwordPolicyProblem,
} from './passwords';

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

describe('password policy', () => {
  const isCommon = (candidate: string) => ['password', 'dragon', 'iloveyou'].includes(candidate);

  it('applies the composition rules first', () => {
    expect(passwordPolicyProblem('short', { isCommon })).toBe(
      'Password must be at least 8 characters long',
    );
  });

  it('accepts long passphrases up to the cap and refuses longer ones', () => {
    const passphrase = `Correct horse battery staple 9! ${'x'.repeat(60)}`;
    expect(passphrase.length).toBeGreaterThanOrEqual(64);
    expect(passwordPolicyProblem(passphrase, { isCommon })).toBeUndefined();
    expect(passwordPolicyProblem(`Aa1!${'x'.repeat(MAX_PASSWORD_LENGTH)}`)).toBe(
      PASSWORD_POLICY_MESSAGES.tooLong,
    );
  });

  it('refuses the user’s email or its local part', () => {
    const email = 'Jane.Doe@Example.com';
    expect(passwordPolicyProblem('jane.doe@example.com1A!', { email })).toBe(
      PASSWORD_POLICY_MESSAGES.containsEmail,
    );
    expect(passwordPolicyProblem('My-Jane.Doe-9', { email })).toBe(
      PASSWORD_POLICY_MESSAGES.containsEmail,
    );
    expect(passwordPolicyProblem('Unrelated-Pass9!', { email })).toBeUndefined();
  });

  it('refuses common passwords, also dressed up with capitals, digits and symbols', () => {
    expect(passwordPolicyProblem('Password1!', { isCommon })).toBe(
      PASSWORD_POLICY_MESSAGES.tooCommon,
    );
    expect(passwordPolicyProblem('!!Dragon2024?', { isCommon })).toBe(
      PASSWORD_POLICY_MESSAGES.tooCommon,
    );
    expect(passwordPolicyProblem('Dragon-Fly-77!', { isCommon })).toBeUndefined();
  });
});
