import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MFA_POLICY_MESSAGES,
  MFA_USERS_PAGE_SIZE,
  ZMfaPolicyInput,
  ZMfaPolicyResponse,
  ZMfaUsersQuery,
  ZMfaUsersResponse,
} from '@portal/domain/mfa-policy-api';
import { ROLES, isRole } from '@portal/domain/roles';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';
import { findUserById } from '../users/repository';
import { hasConfirmedFactor } from './repository';
import { factorsResetMail, listEnrolment, resetFactors } from './admin-repository';
import { enrolmentCounts, policyRows, requiredRoles, savePolicy } from './policy';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** The admin's sign-in security screen (issue 35), under /api: policy, enrolment, resets. */
export const mfaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = [app.authenticate, requireRole(...rolesFor('/admin/security'))];
  const db = () => app.portal.database.db;

  const policyAnswer = async () => {
    const [rows, counts] = await Promise.all([policyRows(db()), enrolmentCounts(db())]);
    return {
      success: true as const,
      roles: ROLES.map((role) => {
        const row = rows.find((candidate) => candidate.role === role);
        const count = counts.find((candidate) => candidate.role === role);
        return {
          role,
          required: row?.required === 1,
          users: count?.users ?? 0,
          enrolled: count?.enrolled ?? 0,
          updated_at: iso(row?.updated_at ?? null),
        };
      }),
    };
  };

  app.get(
    '/admin/mfa/policy',
    {
      onRequest: guard,
      schema: {
        summary: 'Per role: whether a second factor is required, and how many users enrolled',
        tags: ['admin'],
        response: { 200: ZMfaPolicyResponse, ...errors },
      },
    },
    policyAnswer,
  );

  app.put(
    '/admin/mfa/policy',
    {
      onRequest: guard,
      schema: {
        summary:
          'Sets the roles that require a second factor; their signed-in users without one must enrol at their next request',
        tags: ['admin'],
        body: ZMfaPolicyInput,
        response: { 200: ZMfaPolicyResponse.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const before = await requiredRoles(db());
      const required = new Set(request.body.required_roles);
      // Requiring a factor for one's own role without having one would end one's own access.
      if (
        isRole(user.role) &&
        required.has(user.role) &&
        !(await hasConfirmedFactor(db(), user.id))
      ) {
        throw new AppError('bad_request', MFA_POLICY_MESSAGES.enrolYourselfFirst);
      }
      await savePolicy(db(), { required, adminId: user.id, now: app.clock() });
      await app.audit(request, {
        action: 'mfa_policy_save',
        userId: user.id,
        detail: {
          required_roles: ROLES.filter((role) => required.has(role)),
          before: ROLES.filter((role) => before.has(role)),
        },
      });
      return { ...(await policyAnswer()), message: MFA_POLICY_MESSAGES.saved };
    },
  );

  app.get(
    '/admin/mfa/users',
    {
      onRequest: guard,
      schema: {
        summary: 'Active users and their sign-in methods (25 per page), by email',
        tags: ['admin'],
        querystring: ZMfaUsersQuery,
        response: { 200: ZMfaUsersResponse, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const [{ users, factors, codes, total }, required] = await Promise.all([
        listEnrolment(db(), query),
        requiredRoles(db()),
      ]);
      return {
        success: true as const,
        users: users.flatMap((user) =>
          isRole(user.role)
            ? [
                {
                  ...user,
                  role: user.role,
                  required: required.has(user.role),
                  factors: factors
                    .filter((factor) => factor.user_id === user.id)
                    .map((factor) => ({
                      kind: factor.kind,
                      name: factor.name,
                      created_at: new Date(factor.created_at).toISOString(),
                      last_used_at: iso(factor.last_used_at),
                    })),
                  recovery_codes_left: codes.find((code) => code.user_id === user.id)?.left ?? 0,
                },
              ]
            : [],
        ),
        total,
        page: query.page,
        page_size: MFA_USERS_PAGE_SIZE,
      };
    },
  );

  app.delete(
    '/admin/mfa/users/:id/factors',
    {
      onRequest: guard,
      schema: {
        summary:
          "Removes a user's sign-in methods and recovery codes, ends their sessions and tells them by email",
        tags: ['admin'],
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user: admin } = requireAuth(request);
      const target = await findUserById(db(), request.params.id);
      if (!target) {
        throw new AppError('not_found', MFA_POLICY_MESSAGES.userNotFound);
      }
      const reset = await resetFactors(db(), {
        userId: target.id,
        mail: factorsResetMail({ to: target.email, appOrigin: app.portal.config.appOrigin }),
        now: app.clock(),
      });
      if (!reset) {
        throw new AppError('bad_request', MFA_POLICY_MESSAGES.noFactors);
      }
      await app.audit(request, {
        action: 'factor_reset',
        userId: admin.id,
        detail: { target_user_id: target.id, target_email: target.email },
      });
      return { success: true as const, message: MFA_POLICY_MESSAGES.reset };
    },
  );
};
