import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import {
  MFA_MESSAGES,
  ZFactorConfirmation,
  ZFactorRenameInput,
  ZRecoveryCodesResponse,
  ZSecondFactorInput,
  ZSecondFactorResponse,
  ZSecurityResponse,
  ZTotpConfirmInput,
  ZTotpStartResponse,
} from '@portal/domain/mfa-api';
import { setSessionCookies } from '../../lib/auth-cookies';
import { requireAuth } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';
import { authContext } from '../auth/context';
import { sealFactorSecret, openFactorSecret, sealingKeysOf } from './factor-secret';
import { passkeysOf } from './passkey-repository';
import { passkeyRoutes } from './passkey-routes';
import {
  confirmedFactors,
  pendingTotp,
  recoveryCodesLeft,
  removeFactor,
  renameFactor,
  replaceRecoveryCodes,
  startTotp,
  takeStep,
} from './repository';
import { clearOwedEnrolment } from './policy';
import {
  completeSignIn,
  confirmIdentity,
  refuseRemovingLastRequired,
  renewRecoveryCodes,
} from './service';
import { checkTotpCode, newTotpSecret, otpauthUri } from './totp';

const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  429: ZErrorBody,
};
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** The sign-in's second step and My Profile's security calls (issue 35), under /api. */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = sealingKeysOf(app.portal.config.secretSources);
  const secure = app.portal.config.appOrigin.startsWith('https://');
  const db = () => app.portal.database.db;
  await app.register(passkeyRoutes);

  app.post(
    '/login/second-factor',
    {
      schema: {
        summary: "A sign-in's second step: the challenge and a code; sets the session cookies",
        tags: ['auth'],
        body: ZSecondFactorInput,
        response: { 200: ZSecondFactorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user, cookies } = await completeSignIn(authContext(app, request), keys, request.body);
      setSessionCookies(reply, cookies, { secure });
      return { success: true as const, message: AUTH_MESSAGES.loginSuccessful, user };
    },
  );

  app.get(
    '/profile/security',
    {
      onRequest: app.authenticate,
      config: { allowMfaEnrolmentRequired: true },
      schema: {
        summary: "The signed-in user's sign-in methods and recovery codes left",
        tags: ['profile'],
        response: { 200: ZSecurityResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [factors, left, passkeys] = await Promise.all([
        confirmedFactors(db(), user.id),
        recoveryCodesLeft(db(), user.id),
        passkeysOf(db(), user.id),
      ]);
      const alone = new Set(
        passkeys.filter((passkey) => passkey.passwordless === 1).map((p) => p.factor_id),
      );
      return {
        success: true as const,
        factors: factors.map((factor) => ({
          id: factor.id,
          kind: factor.kind === 'passkey' ? ('passkey' as const) : ('totp' as const),
          name: factor.name,
          created_at: new Date(factor.created_at).toISOString(),
          last_used_at: iso(factor.last_used_at),
          ...(factor.kind === 'passkey' && { signs_in_alone: alone.has(factor.id) }),
        })),
        recovery_codes_left: left,
      };
    },
  );

  app.post(
    '/profile/totp',
    {
      onRequest: app.authenticate,
      config: { allowMfaEnrolmentRequired: true },
      schema: {
        summary: 'Starts adding an authenticator app: its key and the address its QR code holds',
        tags: ['profile'],
        response: { 200: ZTotpStartResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const secret = newTotpSecret();
      await startTotp(db(), {
        userId: user.id,
        secret: sealFactorSecret(secret, keys, user.id),
        now: app.clock(),
      });
      return { success: true as const, secret, otpauth_uri: otpauthUri(secret, user.email) };
    },
  );

  app.post(
    '/profile/totp/confirm',
    {
      onRequest: app.authenticate,
      config: { allowMfaEnrolmentRequired: true },
      schema: {
        summary: 'A code from the new app: it is added, with ten new recovery codes (shown once)',
        tags: ['profile'],
        body: ZTotpConfirmInput,
        response: { 200: ZRecoveryCodesResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const now = app.clock();
      const pending = await pendingTotp(db(), user.id);
      if (!pending) {
        throw new AppError('bad_request', MFA_MESSAGES.noEnrolment);
      }
      const { secret } = openFactorSecret(pending.secret, keys, user.id);
      const check = await checkTotpCode(secret, request.body.code, { now, afterStep: null });
      if (
        !check.valid ||
        !(await takeStep(db(), {
          factorId: pending.id,
          step: check.step,
          now,
          confirm: { name: request.body.name },
        }))
      ) {
        throw new AppError('bad_request', MFA_MESSAGES.enrolCodeWrong);
      }
      const codes = await renewRecoveryCodes(db(), user.id, now);
      await clearOwedEnrolment(db(), user.id);
      await app.audit(request, {
        action: 'factor_enrol',
        userId: user.id,
        detail: { kind: 'totp', factor_id: pending.id },
      });
      return { success: true as const, message: MFA_MESSAGES.enrolled, recovery_codes: codes };
    },
  );

  app.patch(
    '/profile/factors/:id',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Renames a sign-in method (an authenticator app or a passkey)',
        tags: ['profile'],
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: ZFactorRenameInput,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { name } = request.body;
      if (!(await renameFactor(db(), { userId: user.id, factorId: request.params.id, name }))) {
        throw new AppError('not_found', MFA_MESSAGES.factorNotFound);
      }
      await app.audit(request, {
        action: 'factor_rename',
        userId: user.id,
        detail: { factor_id: request.params.id },
      });
      return { success: true as const, message: MFA_MESSAGES.renamed };
    },
  );

  app.delete(
    '/profile/factors/:id',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Removes an app or a passkey (the password or a current app code confirms it)',
        tags: ['profile'],
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: ZFactorConfirmation,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await confirmIdentity(authContext(app, request), keys, { ...request.body, userId: user.id });
      await refuseRemovingLastRequired(db(), user, request.params.id);
      if (!(await removeFactor(db(), user.id, request.params.id))) {
        throw new AppError('not_found', MFA_MESSAGES.factorNotFound);
      }
      // Without a factor, recovery codes would recover nothing.
      if ((await confirmedFactors(db(), user.id)).length === 0) {
        await replaceRecoveryCodes(db(), { userId: user.id, hashes: [], now: app.clock() });
      }
      await app.audit(request, {
        action: 'factor_remove',
        userId: user.id,
        detail: { factor_id: request.params.id },
      });
      return { success: true as const, message: MFA_MESSAGES.removed };
    },
  );

  app.post(
    '/profile/recovery-codes',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Ten new recovery codes (shown once); the old ones stop working',
        tags: ['profile'],
        body: ZFactorConfirmation,
        response: { 200: ZRecoveryCodesResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if ((await confirmedFactors(db(), user.id)).length === 0) {
        throw new AppError('bad_request', MFA_MESSAGES.noEnrolment);
      }
      await confirmIdentity(authContext(app, request), keys, { ...request.body, userId: user.id });
      const codes = await renewRecoveryCodes(db(), user.id, app.clock());
      await app.audit(request, { action: 'recovery_codes_renew', userId: user.id });
      return {
        success: true as const,
        message: MFA_MESSAGES.recoveryCodesShownOnce,
        recovery_codes: codes,
      };
    },
  );
};
