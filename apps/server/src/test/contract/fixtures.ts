import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { multipart, pdfBytes } from '../../modules/documents/test-files';
import { TEST_PASSWORD } from '../sessions';
import { JSON_TYPE, operationsOf, type TDocument } from './document';

type TAs = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const ok = (what: string, answer: LightMyRequestResponse) => {
  if (answer.statusCode >= 300) {
    throw new Error(`${what} answered ${answer.statusCode}: ${answer.body}`);
  }
  return answer.json<Record<string, unknown>>();
};

/**
 * Keys of records the run can reach, made through the API on the synced data: a real order
 * (with its patient and payor), the sync's group job and one of its table jobs, a document
 * uploaded to that order and a schedule. The document's examples are shaped like the demo's
 * keys but need not exist in this warehouse.
 */
export const makeRealKeys = async (app: FastifyInstance, as: TAs, groupJobId: string) => {
  const db = app.portal.database.db;
  const order = await db
    .selectFrom('orders')
    .innerJoin('patients', 'patients.patient_key', 'orders.patient_key')
    .select(['orders.so_number', 'orders.order_id', 'patients.patient_key', 'patients.payor_key'])
    .where('orders.so_number', 'is not', null)
    .where('patients.payor_key', 'is not', null)
    .orderBy('orders.so_number')
    .executeTakeFirstOrThrow();
  const tableJob = await db
    .selectFrom('sync_jobs')
    .select('id')
    .where('parent_id', '=', groupJobId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const upload = multipart(
    {
      order_identifier: order.so_number!,
      patient_key: order.patient_key,
      order_key: order.order_id,
    },
    [{ name: 'contract.pdf', content: pdfBytes(), type: 'application/pdf' }],
  );
  const uploaded = ok(
    'the upload',
    await as({ method: 'POST', url: '/api/documents/upload', ...upload }),
  );
  const schedule = ok(
    'a new schedule',
    await as({
      method: 'POST',
      url: '/api/data-sync/schedule',
      payload: { group_id: 'payors' },
    }),
  );
  return {
    byName: {
      so_number: order.so_number,
      patient_key: order.patient_key,
      payor_key: order.payor_key,
    } as Record<string, unknown>,
    /** An `id` parameter by the path it is in. */
    idByPath: [
      ['/api/data-sync/jobs/{id}/samples', tableJob.id],
      ['/api/data-sync/jobs/', groupJobId],
      ['/api/documents/', (uploaded.documents as { id: string }[])[0]!.id],
      ['/api/data-sync/schedules/', (schedule.schedule as { id: string }).id],
    ] as const,
  };
};

export type TRealKeys = Awaited<ReturnType<typeof makeRealKeys>>;

/**
 * A copy of the document whose parameter examples are the real keys, and whose bodies give
 * the run's admin password as current_password: the password the account has when the
 * request is sent, the examples going in document order (a password change's example
 * changes it for the later ones).
 */
export const withRealKeys = (document: TDocument, keys: TRealKeys): TDocument => {
  const copy = structuredClone(document);
  let password = TEST_PASSWORD;
  for (const { path, operation } of operationsOf(copy)) {
    const media = operation.requestBody?.content?.[JSON_TYPE];
    const body = media?.example as Record<string, unknown> | undefined;
    if (media && body && typeof body === 'object' && 'current_password' in body) {
      media.example = { ...body, current_password: password };
      password = path === '/api/reset-password' ? String(body.new_password) : password;
    }
    for (const parameter of operation.parameters ?? []) {
      if (parameter.name in keys.byName) {
        parameter.example = keys.byName[parameter.name];
      } else if (parameter.name === 'id') {
        const found = keys.idByPath.find(([prefix]) => path.startsWith(prefix));
        parameter.example = found?.[1] ?? parameter.example;
      }
    }
  }
  return copy;
};
