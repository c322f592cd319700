import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { insertAuditEntry } from '../modules/audit/repository';

/**
 * What the audit trail records: sign-in events, and every read of patient data with
 * the patient_key (or, for lists, the keys shown in the detail).
 */
export type TAuditAction =
  | 'login_success'
  | 'login_failure'
  | 'logout'
  | 'session_timeout'
  | 'refresh_token_reuse'
  | 'password_change'
  | 'password_reset_requested'
  | 'password_reset'
  // Reads of patient data (HIPAA access trail): one row per call.
  | 'patient_list'
  | 'patient_view'
  | 'patient_payors_view'
  | 'order_list'
  | 'order_items_view'
  | 'intake_list'
  | 'favorite_toggle';

export type TAuditEntry = {
  action: TAuditAction;
  userId?: number | null;
  patientKey?: string | null;
  /** Context for the reader of the trail; never passwords or tokens. */
  detail?: Record<string, unknown>;
};

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Writes one audit row with the request's client IP. Awaited: no trail, no action. */
    audit: (request: FastifyRequest, entry: TAuditEntry) => Promise<void>;
  }
}

const audit = (app: FastifyInstance) => {
  app.decorate('audit', async (request: FastifyRequest, entry: TAuditEntry) => {
    await insertAuditEntry(app.portal.database.db, {
      at: app.clock(),
      user_id: entry.userId ?? null,
      action: entry.action,
      ip: request.ip.slice(0, 64),
      patient_key: entry.patientKey ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    });
  });
};

export default fp(audit, { name: 'audit' });
