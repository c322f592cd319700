import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes';

describe('recovery codes', () => {
  it('makes ten distinct codes that read unambiguously', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    }
  });

  it('hashes a code the same however it is typed, and differently per user', () => {
    const [code] = newRecoveryCodes(1);
    const typed = ` ${code!.toUpperCase().replace('-', ' ')} `;
    expect(normaliseRecoveryCode(typed)).toBe(code!.replace('-', ''));
    expect(hashRecoveryCode(7, typed)).toBe(hashRecoveryCode(7, code!));
    expect(hashRecoveryCode(8, code!)).not.toBe(hashRecoveryCode(7, code!));
    expect(hashRecoveryCode(7, code!)).toMatch(/^[0-9a-f]{64}$/);
  });
});
