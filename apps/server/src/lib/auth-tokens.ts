import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

const ISSUER = 'supplier-portal';
const TEN_YEARS_S = 10 * 365 * 24 * 60 * 60;

/** The audience tells the two tokens apart, so a refresh token never passes as an access token. */
export type TTokenKind = 'access' | 'refresh';

export type TTokenClaims = {
  userId: number;
  sessionId: string;
  /** Bound into the signed token; unsafe requests must echo it in X-CSRF-TOKEN. */
  csrf: string;
  jti: string;
  expiresAt: number;
};

const ZPayload = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.string().min(1),
  csrf: z.string().min(1),
  jti: z.string().min(1),
  exp: z.number(),
});

const keyFor = (secret: string) => new TextEncoder().encode(secret);

export const signToken = (
  kind: TTokenKind,
  claims: TTokenClaims,
  options: { secret: string; now: number },
): Promise<string> =>
  new SignJWT({ sid: claims.sessionId, csrf: claims.csrf })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(kind)
    .setSubject(String(claims.userId))
    .setJti(claims.jti)
    .setIssuedAt(Math.floor(options.now / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt / 1000))
    .sign(keyFor(options.secret));

/**
 * The claims of a valid token, or undefined for anything else: a bad signature, another
 * algorithm (alg "none" included), the other kind of token, or one expired at `now` (unless
 * `allowExpired`).
 */
export const verifyToken = async (
  kind: TTokenKind,
  token: string,
  options: {
    secret: string;
    now: number;
    /** Logout only: an expired but genuine token still names the session to end. */
    allowExpired?: boolean;
  },
): Promise<TTokenClaims | undefined> => {
  try {
    const { payload } = await jwtVerify(token, keyFor(options.secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: kind,
      currentDate: new Date(options.now),
      clockTolerance: options.allowExpired ? TEN_YEARS_S : 0,
    });
    const parsed = ZPayload.safeParse(payload);
    if (!parsed.success) {
      return undefined;
    }
    const { sub, sid, csrf, jti, exp } = parsed.data;
    return { userId: Number(sub), sessionId: sid, csrf, jti, expiresAt: exp * 1000 };
  } catch {
    return undefined;
  }
};
