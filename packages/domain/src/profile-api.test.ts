import { describe, expect, it } from 'vitest';
import { ZProfileUpdate, emailChanges } from './profile-api';
import { TEXT_MESSAGES } from './text';

const firstIssue = (input: unknown) => ZProfileUpdate.safeParse(input).error?.issues[0]?.message;

describe('profile update input', () => {
  it('accepts a name and email, trimmed, with an optional current password', () => {
    expect(ZProfileUpdate.parse({ username: ' Ann Lee ', email: ' ann@example.com ' })).toEqual({
      username: 'Ann Lee',
      email: 'ann@example.com',
    });
    expect(
      ZProfileUpdate.parse({ username: 'A', email: 'a@example.com', current_password: 'x' })
        .current_password,
    ).toBe('x');
  });

  it('requires both fields and a valid email', () => {
    expect(firstIssue({ username: '', email: 'a@example.com' })).toBe('Full name is required');
    expect(firstIssue({ username: 'A', email: ' ' })).toBe('Email address is required');
    expect(firstIssue({ username: 'A', email: 'nope' })).toBe('Please enter a valid email address');
    expect(firstIssue({ username: 'A'.repeat(101), email: 'a@example.com' })).toMatch(
      /at most 100/,
    );
  });

  it('refuses control characters and line breaks in the name', () => {
    expect(firstIssue({ username: 'A\u0000', email: 'a@example.com' })).toBe(
      TEXT_MESSAGES.invalidCharacters,
    );
    expect(firstIssue({ username: 'A\nB', email: 'a@example.com' })).toBe(
      TEXT_MESSAGES.invalidCharacters,
    );
  });

  it('sees an email change only when the stored form differs', () => {
    expect(emailChanges('ann@example.com', ' Ann@Example.com ')).toBe(false);
    expect(emailChanges('ann@example.com', 'ann2@example.com')).toBe(true);
  });
});
