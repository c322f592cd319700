import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TAuditAction, TAuditOutcome } from '@portal/domain/audit-api';
import auditHousekeeping from '../modules/audit/housekeeping';
import { createAuditWriter } from '../modules/audit/writer';

/** What the audit trail records: the list is shared with the admin's trail screen. */
export type { TAuditAction };

export type TAuditEntry = {
  action: TAuditAction;
  userId?: number | null;
  patientKey?: string | null;
  /** 'allowed' unless the read was refused (403/404). */
  outcome?: TAuditOutcome;
  /** Context for the reader of the trail; never passwords or tokens. */
  detail?: Record<string, unknown>;
};

declare module 'fastify' {
  // Declaration merging needs interfaces here.
  /* eslint-disable @typescript-eslint/consistent-type-definitions */
  interface FastifyInstance {
    /** Writes one audit row with the request's client IP. Awaited: no trail, no action. */
    audit: (request: FastifyRequest, entry: TAuditEntry) => Promise<void>;
    /** An audit row of what the portal did on its own (a scheduled run): no request, no IP. */
    auditSystem: (entry: TAuditEntry) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * The read of patient data (or of the trail) a route is. A 403 or 404 answered to a
     * signed-in user then writes a denied row with what was asked, before the reply.
     */
    auditRead?: TAuditAction;
  }
  /* eslint-enable @typescript-eslint/consistent-type-definitions */
}

const DENIED_STATUSES = new Set([403, 404]);

/** What a refused request asked for: its path keys, query and a key named in the body. */
const askedFor = (request: FastifyRequest) => {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (
    typeof request.body === 'object' && request.body !== null ? request.body : {}
  ) as Record<string, unknown>;
  const key = params.patient_key ?? body.patient_key;
  return {
    patientKey: typeof key === 'string' ? key.slice(0, 64) : null,
    detail: {
      ...params,
      ...(Object.keys(query).length > 0 ? { query } : {}),
    },
  };
};

const audit = async (app: FastifyInstance) => {
  // Rows of concurrent requests share one INSERT; each request still waits for its own.
  const writer = createAuditWriter(() => app.portal.database.db);
  app.addHook('onClose', () => writer.idle());
  const write = (entry: TAuditEntry, ip: string | null) =>
    writer.write({
      at: app.clock(),
      user_id: entry.userId ?? null,
      action: entry.action,
      ip,
      patient_key: entry.patientKey ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      outcome: entry.outcome ?? 'allowed',
    });
  app.decorate('audit', async (request: FastifyRequest, entry: TAuditEntry) => {
    await write(entry, request.ip.slice(0, 64));
  });
  app.decorate('auditSystem', async (entry: TAuditEntry) => {
    await write(entry, null);
  });

  // onSend runs for thrown errors too (after the error handler shaped the body), so a
  // 403 from a role guard and a 404 from a scope check are both caught here. Awaited: if
  // the row cannot be written, the hook fails and the client gets a 500, not the answer.
  const auditDeniedRead = async (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ) => {
    const action = request.routeOptions.config.auditRead;
    const user = request.auth?.user;
    if (action === undefined || user === undefined || !DENIED_STATUSES.has(reply.statusCode)) {
      return payload;
    }
    const asked = askedFor(request);
    await app.audit(request, {
      action,
      outcome: 'denied',
      userId: user.id,
      patientKey: asked.patientKey,
      detail: { status: reply.statusCode, ...asked.detail },
    });
    return payload;
  };
  // Only the routes that read patient data (or the trail) carry the hook: every other
  // answer would pay for an async hook that does nothing (tools/bench/api.ts).
  app.addHook('onRoute', (route) => {
    if (route.config?.auditRead !== undefined) {
      route.onSend = [...[route.onSend ?? []].flat(), auditDeniedRead];
    }
  });

  await app.register(auditHousekeeping);
};

export default fp(audit, { name: 'audit' });
