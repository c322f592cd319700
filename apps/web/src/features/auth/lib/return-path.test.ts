import { describe, expect, it } from 'vitest';
import { returnPathFor } from './return-path';

describe('where a sign-in goes back to', () => {
  it('is the screen the visitor was sent away from, with its query', () => {
    expect(returnPathFor('patient', '/notifications?open=12')).toBe('/notifications?open=12');
    expect(returnPathFor('admin', '/admin/audit')).toBe('/admin/audit');
  });

  it('is nothing for a screen the role may not open, so the role lands where it belongs', () => {
    expect(returnPathFor('case_manager', '/admin/notifications')).toBeUndefined();
    expect(returnPathFor('patient', '/worklist?page=2')).toBeUndefined();
  });

  it('is nothing for an address that is no screen of the portal', () => {
    for (const from of [
      undefined,
      '',
      'notifications',
      '//evil.example/x',
      '/\\evil',
      '/nope',
      '/login',
    ]) {
      expect(returnPathFor('admin', from)).toBeUndefined();
    }
  });
});
