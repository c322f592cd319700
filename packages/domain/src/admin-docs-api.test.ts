import { describe, expect, it } from 'vitest';
import {
  ADMIN_DOC_LIMITS,
  ZAdminDocInput,
  ZAdminDocUpdate,
  canBeFixed,
  hasVisibleText,
  staleSaveMessage,
} from './admin-docs-api';
import { TEXT_MESSAGES } from './text';

describe('admin documentation rules', () => {
  it('defaults the category to meeting notes and trims title and change notes', () => {
    expect(ZAdminDocInput.parse({ title: '  Weekly  ', content: '<p>x</p>' })).toEqual({
      title: 'Weekly',
      content: '<p>x</p>',
      category: 'meeting_notes',
      is_fixed: false,
    });
    expect(
      ZAdminDocInput.parse({ title: 'T', content: 'c', change_notes: ' fixed typo ' }).change_notes,
    ).toBe('fixed typo');
  });

  it('refuses a blank or over-long title, control characters and unknown categories', () => {
    expect(ZAdminDocInput.safeParse({ title: ' ', content: 'c' }).success).toBe(false);
    expect(
      ZAdminDocInput.safeParse({ title: 'x'.repeat(ADMIN_DOC_LIMITS.title + 1), content: 'c' })
        .success,
    ).toBe(false);
    expect(
      ZAdminDocInput.safeParse({ title: 'a\u0007', content: 'c' }).error?.issues[0]?.message,
    ).toBe(TEXT_MESSAGES.invalidCharacters);
    expect(ZAdminDocInput.safeParse({ title: 't', content: 'c', category: 'misc' }).success).toBe(
      false,
    );
  });

  it('makes an edit name the version it started from', () => {
    expect(ZAdminDocUpdate.safeParse({ title: 't', content: 'c' }).success).toBe(false);
    expect(ZAdminDocUpdate.parse({ title: 't', content: 'c', expected_version: 3 })).toMatchObject({
      expected_version: 3,
    });
  });

  it('has a fixed flag only for troubleshooting and meeting notes', () => {
    expect(canBeFixed('troubleshooting')).toBe(true);
    expect(canBeFixed('meeting_notes')).toBe(true);
    expect(canBeFixed('features')).toBe(false);
    expect(canBeFixed('api')).toBe(false);
  });

  it('tells empty editor output from text', () => {
    expect(hasVisibleText('<p></p>')).toBe(false);
    expect(hasVisibleText('<ul><li><p> &nbsp; </p></li></ul>')).toBe(false);
    expect(hasVisibleText('<p><strong>a</strong></p>')).toBe(true);
  });

  it('names who saved in between and the current version', () => {
    expect(staleSaveMessage({ updatedBy: 'Dana', version: 4 })).toMatch(
      /changed by Dana \(now v4\)/,
    );
  });
});
