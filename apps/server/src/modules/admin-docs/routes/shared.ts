import { rolesFor } from '@portal/domain/routes';
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';

export const PATH = '/admin/documentation';

export const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
};

/** Admins only (the route table of staff-tools.md section 2); others get the 403. */
export const adminOnly = (app: FastifyInstance) => [
  app.authenticate,
  requireRole(...rolesFor('/admin/documentation')),
];

export const TAGS = ['admin-documentation'];
