import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { checkTotpCode, newTotpSecret, otpauthUri, TOTP_PERIOD_SECONDS } from './totp';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** The start of a step, so one step either side is a whole step away. */
const NOW = Math.floor(Date.UTC(2026, 10, 28, 10) / STEP_MS) * STEP_MS + 1000;
const codeAt = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) });

describe('authenticator codes', () => {
  it('makes a 160-bit base32 secret and an otpauth address apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'jane@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Supplier Portal');
    expect(decodeURIComponent(uri.pathname)).toContain('jane@example.com');
  });

  it('accepts the current code and one step of drift either way, not two', async () => {
    const secret = newTotpSecret();
    const check = async (at: number) =>
      (await checkTotpCode(secret, await codeAt(secret, at), { now: NOW, afterStep: null })).valid;
    expect(await check(NOW)).toBe(true);
    expect(await check(NOW - STEP_MS)).toBe(true);
    expect(await check(NOW + STEP_MS)).toBe(true);
    expect(await check(NOW - 2 * STEP_MS)).toBe(false);
    expect(await check(NOW + 2 * STEP_MS)).toBe(false);
    const other = newTotpSecret();
    expect(
      (await checkTotpCode(secret, await codeAt(other, NOW), { now: NOW, afterStep: null })).valid,
    ).toBe(false);
  });

  it('answers the step a code used, and refuses that step and earlier ones after', async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, NOW);
    const first = await checkTotpCode(secret, code, { now: NOW, afterStep: null });
    expect(first).toEqual({ valid: true, step: Math.floor(NOW / STEP_MS) });
    const step = first.valid ? first.step : 0;
    expect(await checkTotpCode(secret, code, { now: NOW, afterStep: step })).toEqual({
      valid: false,
    });
    // The previous step's code is within drift, but older than the one used: refused too.
    const earlier = await codeAt(secret, NOW - STEP_MS);
    expect((await checkTotpCode(secret, earlier, { now: NOW, afterStep: step })).valid).toBe(false);
    // The next step's code is new.
    const next = await codeAt(secret, NOW + STEP_MS);
    expect(await checkTotpCode(secret, next, { now: NOW + STEP_MS, afterStep: step })).toEqual({
      valid: true,
      step: step + 1,
    });
  });

  it('refuses anything but six digits without asking the library', async () => {
    const secret = newTotpSecret();
    for (const code of ['', '12345', '1234567', 'abcdef', '12 456']) {
      expect((await checkTotpCode(secret, code, { now: NOW, afterStep: null })).valid).toBe(false);
    }
  });
});
