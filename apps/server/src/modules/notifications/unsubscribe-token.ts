import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type TNotificationKind } from '@portal/domain/notifications-api';
import { z } from 'zod';

/**
 * The token of a notification mail's unsubscribe link: the user and the kinds the mail
 * was about, signed with HMAC-SHA256 under the portal's JWT secret with a purpose of its
 * own (so it never passes for a session token, nor one for it). It needs no sign-in and
 * does not expire: an old mail's link still works, for its own user and kinds only. A
 * rotated-out secret ends its links; the page then points to My Profile.
 */

const PURPOSE = 'notification-unsubscribe:v1';

const ZPayload = z.object({
  u: z.number().int().positive(),
  k: z.array(z.enum(NOTIFICATION_KINDS)).min(1).max(NOTIFICATION_KINDS.length),
});

export type TUnsubscribeClaims = { userId: number; kinds: TNotificationKind[] };

const signatureOf = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}.${payload}`).digest('base64url');

export const signUnsubscribeToken = (claims: TUnsubscribeClaims, secret: string) => {
  const payload = Buffer.from(JSON.stringify({ u: claims.userId, k: claims.kinds })).toString(
    'base64url',
  );
  return `${payload}.${signatureOf(payload, secret)}`;
};

/** The claims of a token any of the secrets signed, or undefined. */
export const verifyUnsubscribeToken = (
  token: string,
  secrets: readonly string[],
): TUnsubscribeClaims | undefined => {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) {
    return undefined;
  }
  const given = Buffer.from(signature, 'base64url');
  const signed = secrets.some((secret) => {
    const expected = Buffer.from(signatureOf(payload, secret), 'base64url');
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) {
    return undefined;
  }
  try {
    const parsed = ZPayload.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
    return parsed.success ? { userId: parsed.data.u, kinds: parsed.data.k } : undefined;
  } catch {
    return undefined;
  }
};
