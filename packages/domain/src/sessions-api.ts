import { z } from 'zod';

/**
 * My Profile › Security's signed-in devices (issue 35): the user's live sessions, and ending
 * one or all the others.
 *
 * GET    /api/profile/sessions             the live sessions, this one first
 * DELETE /api/profile/sessions/:id         ends one of the user's other sessions
 * POST   /api/profile/sessions/end-others  ends every session of the user but this one
 */

export const SESSION_MESSAGES = {
  ended: 'Signed out of that device',
  endedOthers: 'Signed out everywhere else',
  notFound: 'That session has already ended',
  current: 'To end this session, use Logout',
} as const;

export const ZDeviceSession = z.object({
  /** Opaque: names the session for ending it, and is not the session's own id. */
  id: z.string(),
  current: z.boolean(),
  /** Browser and system as the user agent names them, e.g. 'Chrome on Windows'. */
  device: z.string(),
  /** 'desktop', 'mobile', 'tablet' or 'unknown'. */
  kind: z.string(),
  /** The address the session signed in from; null when it was not kept. */
  ip: z.string().nullable(),
  /** ISO 8601. */
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  remembered: z.boolean(),
});
export type TDeviceSession = z.infer<typeof ZDeviceSession>;

export const ZDeviceSessionsResponse = z.object({
  success: z.literal(true),
  sessions: z.array(ZDeviceSession),
});
export type TDeviceSessionsResponse = z.infer<typeof ZDeviceSessionsResponse>;

export const ZSessionEndedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number().int(),
});
