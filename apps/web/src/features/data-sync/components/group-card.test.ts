import { describe, expect, it } from 'vitest';
import { showsDefaultBadge } from './group-card';

describe('the Default badge', () => {
  it('marks the default full sync only, not every built-in group', () => {
    expect(showsDefaultBadge({ id: 'default_full_sync', isDefault: true })).toBe(true);
    expect(showsDefaultBadge({ id: 'payors', isDefault: true })).toBe(false);
    expect(showsDefaultBadge({ id: 'my_group', isDefault: false })).toBe(false);
  });
});
