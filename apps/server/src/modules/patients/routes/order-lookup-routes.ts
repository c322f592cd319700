import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOrderLookupResponse } from '@portal/domain/order-lookup-api';
import { ZKey } from '@portal/domain/patients-api';
import { requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { listStatusHistory, presentHistoryEntry, timingOf } from '../order-history';
import { findOrderRow } from '../order-lookup-repository';
import { presentOrder, presentPatientSummary } from '../presenters';
import { countsFor, findPatient, orderCounts } from '../repository';
import { canSeePatient, notFound } from '../scope';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * One order by its SO number, with its patient and status history (issue 30): what a
 * link, a search by SO or tracking number and a worklist row open. Anyone who may see the
 * order's patient may read it; anyone else gets 404 'Order not found', whether the order
 * exists or not, so no other payor's order numbers can be probed.
 */
export const orderLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/orders/:so_number',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'order_view' },
      schema: {
        summary: 'One order by SO number, with its patient and status history (oldest first)',
        tags: ['orders'],
        params: z.object({ so_number: ZKey }),
        response: { 200: ZOrderLookupResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { so_number: soNumber } = request.params;
      const { db } = app.portal.database;
      const order = await findOrderRow(db, soNumber);
      const patient = order && (await findPatient(db, order.patient_key ?? ''));
      if (!order || !patient || !canSeePatient(user, patient)) {
        throw notFound('Order');
      }
      const [counts, history] = await Promise.all([
        orderCounts(db, { patientKeys: [patient.patient_key], userId: user.id }),
        listStatusHistory(db, [order.order_id]),
      ]);
      await app.audit(request, {
        action: 'order_view',
        userId: user.id,
        patientKey: patient.patient_key,
        detail: { so_number: soNumber, order_id: order.order_id },
      });
      const now = app.clock();
      return {
        success: true as const,
        payor_key: patient.payor_key,
        patient: presentPatientSummary(patient, countsFor(counts, patient.patient_key)),
        order: presentOrder(order, timingOf(order.status, history)),
        history: history.map((row) => presentHistoryEntry(row, now)),
      };
    },
  );
};
