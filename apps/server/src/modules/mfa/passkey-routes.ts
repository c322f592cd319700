import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import {
  MFA_MESSAGES,
  ZPasskeyOptionsResponse,
  ZPasskeyRegisterInput,
  ZPasskeyRegisterResponse,
  ZPasskeyRegistrationOptionsInput,
  ZPasskeySignInInput,
  ZPasskeySignInOptionsInput,
  ZSecondFactorResponse,
} from '@portal/domain/mfa-api';
import { setSessionCookies } from '../../lib/auth-cookies';
import { requireAuth } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';
import { authContext } from '../auth/context';
import { addressKey, takeAttempt } from '../auth/rate-limit';
import { challengeId } from '../auth/service';
import { addPasskey, signInWithPasskey } from './passkey-service';
import {
  passkeyRegistrationOptions,
  passkeySignInOptions,
  relyingPartyOf,
  requireRelyingParty,
} from './passkeys';
import { liveChallenge } from './repository';

const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  429: ZErrorBody,
};

/** Passkeys (issue 35): adding one on My Profile, and signing in with one. Under /api. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingPartyOf(app.portal.config.appOrigin);
  const secure = app.portal.config.appOrigin.startsWith('https://');

  app.post(
    '/profile/passkeys/options',
    {
      onRequest: app.authenticate,
      // A user who owes a second factor may add a passkey as it (issue 35's policy).
      config: { allowMfaEnrolmentRequired: true },
      schema: {
        summary: "Options for the browser's prompt that creates a passkey, and its ceremony",
        tags: ['profile'],
        body: ZPasskeyRegistrationOptionsInput,
        response: { 200: ZPasskeyOptionsResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const answer = await passkeyRegistrationOptions(
        authContext(app, request),
        requireRelyingParty(rp),
        { id: user.id, email: user.email },
        request.body,
      );
      return { success: true as const, ...answer };
    },
  );

  app.post(
    '/profile/passkeys',
    {
      onRequest: app.authenticate,
      // A user who owes a second factor may add a passkey as it (issue 35's policy).
      config: { allowMfaEnrolmentRequired: true },
      schema: {
        summary: 'The new passkey the browser made, named: it is added',
        tags: ['profile'],
        body: ZPasskeyRegisterInput,
        response: { 200: ZPasskeyRegisterResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const answer = await addPasskey(authContext(app, request), requireRelyingParty(rp), {
        userId: user.id,
        ...request.body,
      });
      return { success: true as const, ...answer };
    },
  );

  app.post(
    '/login/passkey/options',
    {
      schema: {
        summary:
          "Options for the browser's passkey prompt: after the password (its challenge), or alone",
        tags: ['auth'],
        body: ZPasskeySignInOptionsInput,
        response: { 200: ZPasskeyOptionsResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = authContext(app, request);
      const party = requireRelyingParty(rp);
      // Each answer stores a ceremony before anyone is known: counted per client address.
      await takeAttempt(ctx.db, {
        kind: 'passkey_prompt',
        ip: ctx.ip,
        account: `address:${addressKey(ctx.ip)}`,
        now: ctx.clock(),
      });
      const { challenge: token, remember_me: rememberMe } = request.body;
      if (token === undefined) {
        const answer = await passkeySignInOptions(ctx, party, { kind: 'sign_in', rememberMe });
        return { success: true as const, ...answer };
      }
      const challenge = await liveChallenge(ctx.db, challengeId(token), ctx.clock());
      if (!challenge) {
        throw new AppError('unauthorized', MFA_MESSAGES.challengeExpired);
      }
      const answer = await passkeySignInOptions(ctx, party, {
        kind: 'second_factor',
        userId: challenge.user_id,
        loginChallengeId: challenge.id,
      });
      return { success: true as const, ...answer };
    },
  );

  app.post(
    '/login/passkey',
    {
      schema: {
        summary: "The passkey's answer to its prompt: sets the session cookies",
        tags: ['auth'],
        body: ZPasskeySignInInput,
        response: { 200: ZSecondFactorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user, cookies } = await signInWithPasskey(
        authContext(app, request),
        requireRelyingParty(rp),
        request.body,
      );
      setSessionCookies(reply, cookies, { secure });
      return { success: true as const, message: AUTH_MESSAGES.loginSuccessful, user };
    },
  );
};
