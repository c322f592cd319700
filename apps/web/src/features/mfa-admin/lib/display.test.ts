import { describe, expect, it } from 'vitest';
import { mfaUser } from '../testing/fixtures';
import { enrolledText, lastUsedText, methodText, methodsText, owesFactor } from './display';

const factor = (kind: string, name: string, lastUsed: string | null = null) => ({
  kind,
  name,
  created_at: '2026-11-20T15:00:00.000Z',
  last_used_at: lastUsed,
});

describe('how the sign-in security screen words things', () => {
  it('names each method by its kind and the name its user gave it', () => {
    expect(methodText(factor('totp', 'Authenticator app'))).toBe('Authenticator app');
    expect(methodText(factor('totp', 'Work phone'))).toBe("Authenticator app 'Work phone'");
    expect(methodText(factor('passkey', 'YubiKey'))).toBe("Passkey 'YubiKey'");
    expect(methodsText(mfaUser())).toBe("Authenticator app · Passkey 'YubiKey'");
    expect(methodsText(mfaUser({ factors: [] }))).toBe('');
  });

  it('says when any method was last used, or that none was', () => {
    const user = mfaUser({
      factors: [
        factor('totp', 'A', '2026-11-25T15:00:00.000Z'),
        factor('passkey', 'B', '2026-11-27T15:24:00.000Z'),
        factor('passkey', 'C'),
      ],
    });
    expect(lastUsedText(user)).toMatch(/^11\/27\/2026/);
    expect(lastUsedText(mfaUser({ factors: [factor('totp', 'A')] }))).toBe('Not used yet');
    expect(lastUsedText(mfaUser({ factors: [] }))).toBe('N/A');
  });

  it("counts a role's enrolled users, and marks who owes a method", () => {
    expect(enrolledText({ users: 1200, enrolled: 12 })).toBe('12 of 1,200 enrolled');
    expect(enrolledText({ users: 0, enrolled: 0 })).toBe('No active users');
    expect(owesFactor(mfaUser({ factors: [] }))).toBe(true);
    expect(owesFactor(mfaUser({ factors: [], required: false }))).toBe(false);
    expect(owesFactor(mfaUser())).toBe(false);
  });
});
