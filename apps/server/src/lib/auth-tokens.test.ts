import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { readToken, signToken, type TTokenClaims } from './auth-tokens';

const SECRET = 's'.repeat(64);
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const claims: TTokenClaims = {
  userId: 42,
  sessionId: 'session-1',
  csrf: 'csrf-1',
  jti: 'jti-1',
  expiresAt: NOW + 15 * 60_000,
};
const key = new TextEncoder().encode(SECRET);

/** A token as jose signed them before node:crypto took over, with the claims given. */
const joseToken = (
  payload: Record<string, unknown>,
  options: { alg?: string; issuer?: string; audience?: string | string[]; notBefore?: number } = {},
) => {
  let jwt = new SignJWT({ sid: claims.sessionId, csrf: claims.csrf, ...payload })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(options.issuer ?? 'supplier-portal')
    .setAudience(options.audience ?? 'access')
    .setSubject(String(claims.userId))
    .setJti(claims.jti)
    .setIssuedAt(Math.floor(NOW / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt / 1000));
  if (options.notBefore !== undefined) {
    jwt = jwt.setNotBefore(options.notBefore);
  }
  return jwt.sign(key);
};

/** The valid HS256 signature of any signing input, to show what the header alone refuses. */
const signatureFor = (signingInput: string) =>
  createHmac('sha256', SECRET).update(signingInput).digest('base64url');

const read = (token: string, now = NOW, kind: 'access' | 'refresh' = 'access') =>
  readToken(kind, token, { secret: SECRET, now });

describe('session tokens (HS256 with node:crypto)', () => {
  it('reads back the claims it signed, and jose accepts the same token', async () => {
    const token = await signToken('access', claims, { secret: SECRET, now: NOW });
    expect(read(token)).toEqual(claims);
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'supplier-portal',
      audience: 'access',
      currentDate: new Date(NOW),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: '42', sid: 'session-1', csrf: 'csrf-1', jti: 'jti-1' });
  });

  it('accepts the tokens jose issued before, so no session ends at the upgrade', async () => {
    expect(read(await joseToken({}))).toEqual(claims);
    expect(read(await joseToken({}, { audience: ['other', 'access'] }))).toEqual(claims);
  });

  it('refuses other algorithms, alg none, a foreign key and a tampered payload or signature', async () => {
    const hs384 = await joseToken({}, { alg: 'HS384' });
    const hs512 = await joseToken({}, { alg: 'HS512' });
    const none = new UnsecuredJWT({ sid: claims.sessionId, csrf: claims.csrf, jti: claims.jti })
      .setIssuer('supplier-portal')
      .setAudience('access')
      .setSubject('42')
      .setExpirationTime(Math.floor(claims.expiresAt / 1000))
      .encode();
    const foreign = await new SignJWT({ sid: claims.sessionId, csrf: claims.csrf })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('supplier-portal')
      .setAudience('access')
      .setSubject('42')
      .setJti('jti-1')
      .setExpirationTime(Math.floor(claims.expiresAt / 1000))
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const good = await signToken('access', claims, { secret: SECRET, now: NOW });
    const [header = '', payload = '', signature = ''] = good.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const noneWithSignature = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.${signature}`;
    const critical = `${Buffer.from('{"alg":"HS256","crit":["x"],"x":1}').toString('base64url')}.${payload}`;
    // Headers naming another algorithm over an HS256 MAC that is right: only the pin refuses them.
    const relabelled = (alg: string) => {
      const input = `${Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url')}.${payload}`;
      return `${input}.${signatureFor(input)}`;
    };
    const variants = {
      relabelledHs384: relabelled('HS384'),
      relabelledNone: relabelled('none'),
      hs384,
      hs512,
      none,
      noneWithSignature,
      foreign,
      tampered: `${header}.${otherUser}.${signature}`,
      flipped: `${header}.${payload}.${flipped}`,
      truncated: `${header}.${payload}.${signature.slice(0, -1)}`,
      critical: `${critical}.${signatureFor(critical)}`,
      twoParts: `${header}.${payload}`,
      fourParts: `${good}.x`,
      empty: '',
    };
    for (const [name, token] of Object.entries(variants)) {
      expect([name, read(token)]).toEqual([name, undefined]);
    }
    expect(read(good)).toEqual(claims);
  });

  it('keeps the two kinds apart and checks the issuer', async () => {
    const refresh = await signToken('refresh', claims, { secret: SECRET, now: NOW });
    expect(read(refresh)).toBeUndefined();
    expect(read(refresh, NOW, 'refresh')).toEqual(claims);
    expect(read(await joseToken({}, { issuer: 'someone-else' }))).toBeUndefined();
  });

  it('ends at exp, not a second later; allowExpired reads a genuine expired token', async () => {
    const token = await signToken('access', claims, { secret: SECRET, now: NOW });
    expect(read(token, claims.expiresAt - 1000)).toEqual(claims);
    expect(read(token, claims.expiresAt)).toBeUndefined();
    const late = claims.expiresAt + 60 * 60_000;
    expect(readToken('access', token, { secret: SECRET, now: late, allowExpired: true })).toEqual(
      claims,
    );
    expect(
      readToken('access', token, { secret: 'y'.repeat(64), now: late, allowExpired: true }),
    ).toBeUndefined();
  });

  it('refuses a token before its not-before time and claims of the wrong shape', async () => {
    const later = Math.floor(NOW / 1000) + 60;
    expect(read(await joseToken({}, { notBefore: later }))).toBeUndefined();
    expect(read(await joseToken({}, { notBefore: later }), (later + 1) * 1000)).toEqual(claims);
    expect(read(await joseToken({ csrf: '' }))).toBeUndefined();
    expect(read(await joseToken({ sid: 7 }))).toBeUndefined();
  });

  // Genuine tokens are remembered (lib/auth-tokens.ts): what depends on the call is not.
  it('checks kind, secret, time and every byte again for a token it already verified', async () => {
    const token = await signToken('refresh', claims, { secret: SECRET, now: NOW });
    expect(read(token, NOW, 'refresh')).toEqual(claims);
    expect(read(token, NOW, 'access')).toBeUndefined();
    expect(readToken('refresh', token, { secret: 'y'.repeat(64), now: NOW })).toBeUndefined();
    expect(read(token, claims.expiresAt, 'refresh')).toBeUndefined();
    const [header = '', payload = '', signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(read(`${header}.${payload}.${flipped}`, NOW, 'refresh')).toBeUndefined();
    expect(read(token, NOW, 'refresh')).toEqual(claims);
  });

  it('hands out claims no caller can change for the next', async () => {
    const token = await signToken('access', claims, { secret: SECRET, now: NOW });
    const first = read(token);
    expect(() => {
      (first as { userId: number }).userId = 1;
    }).toThrow();
    expect(read(token)).toEqual(claims);
  });
});

describe('verifying during a secret rotation', () => {
  const PREVIOUS = 'p'.repeat(64);
  const OTHER = 'o'.repeat(64);

  it('accepts a token signed with any of the secrets given, and none signed with another', async () => {
    const current = await signToken('access', claims, { secret: SECRET, now: NOW });
    const previous = await signToken('access', claims, { secret: PREVIOUS, now: NOW });
    const other = await signToken('access', claims, { secret: OTHER, now: NOW });
    const secrets = [SECRET, PREVIOUS];
    expect(readToken('access', current, { secret: secrets, now: NOW })).toEqual(claims);
    expect(readToken('access', previous, { secret: secrets, now: NOW })).toEqual(claims);
    expect(readToken('access', other, { secret: secrets, now: NOW })).toBeUndefined();
    // Without the previous secret its tokens no longer pass.
    expect(readToken('access', previous, { secret: [SECRET], now: NOW })).toBeUndefined();
    // Expiry holds whichever secret verified.
    expect(
      readToken('access', previous, { secret: secrets, now: claims.expiresAt + 1000 }),
    ).toBeUndefined();
  });
});
