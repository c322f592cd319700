import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, ZContactMessageInput } from './contact';
import { TEXT_MESSAGES } from './text';

const valid = {
  name: 'Pat Jones',
  email: 'pat@example.com',
  subject: 'Delivery question',
  message: 'When will my order arrive?\nThanks.',
};

const firstIssue = (input: unknown) =>
  ZContactMessageInput.safeParse(input).error?.issues[0]?.message;

describe('contact message input', () => {
  it('accepts a message and trims its fields', () => {
    expect(ZContactMessageInput.parse({ ...valid, name: '  Pat Jones ' }).name).toBe('Pat Jones');
  });

  it('requires every field', () => {
    expect(firstIssue({ ...valid, name: '  ' })).toBe('Name is required');
    expect(firstIssue({ ...valid, email: '' })).toBe('Email is required');
    expect(firstIssue({ ...valid, subject: '' })).toBe('Subject is required');
    expect(firstIssue({ ...valid, message: ' \n ' })).toBe('Message is required');
  });

  it('refuses an invalid email', () => {
    expect(firstIssue({ ...valid, email: 'not-an-email' })).toBe(
      'Please enter a valid email address',
    );
  });

  it('limits every field', () => {
    const over = (field: keyof typeof CONTACT_LIMITS, extra = '') =>
      `${'a'.repeat(CONTACT_LIMITS[field] + 1)}${extra}`;
    expect(firstIssue({ ...valid, name: over('name') })).toBe(
      'Name must be at most 100 characters',
    );
    expect(firstIssue({ ...valid, subject: over('subject') })).toMatch(/^Subject must be at most/);
    expect(firstIssue({ ...valid, message: over('message') })).toMatch(/^Message must be at most/);
    expect(firstIssue({ ...valid, email: `${over('email')}@example.com` })).toMatch(
      /^Email must be at most/,
    );
    expect(ZContactMessageInput.safeParse({ ...valid, message: 'a'.repeat(5000) }).success).toBe(
      true,
    );
  });

  it('refuses line breaks in name and subject (mail header injection) but keeps them in the message', () => {
    expect(firstIssue({ ...valid, subject: 'Hi\r\nBcc: victim@example.com' })).toBe(
      TEXT_MESSAGES.invalidCharacters,
    );
    expect(firstIssue({ ...valid, name: 'Pat\nX-Evil: 1' })).toBe(TEXT_MESSAGES.invalidCharacters);
    expect(firstIssue({ ...valid, message: 'nul \u0000 here' })).toBe(
      TEXT_MESSAGES.invalidCharacters,
    );
  });
});
