import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_ORDER_DATE_TYPE } from '@portal/domain/order-dates';
import { isAllowedSubStatus } from '@portal/domain/order-progress';
import {
  ZKey,
  ZOrderItemsResponse,
  ZOrderListQuery,
  ZOrderListResponse,
} from '@portal/domain/patients-api';
import { requireAuth } from '../../../plugins/auth';
import { AppError, ZErrorBody } from '../../../plugins/errors';
import { isDateRange } from '../date-sql';
import { readOrderTimings } from '../order-history';
import { pageInfo, presentOrder, presentOrderItem } from '../presenters';
import {
  countOrders,
  countOrdersByView,
  enabledClassifications,
  findOrderBySoNumber,
  findPatient,
  listOrderItems,
  listOrders,
} from '../repository';
import { assertPayorPathAccess, canSeePatient, notFound, requireVisiblePatient } from '../scope';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/payor/:payor_key/patient/:patient_key/orders',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'order_list' },
      schema: {
        summary:
          "A page of a patient's orders, newest first, optionally one view's, one phase's, some categories' and within dates, with each view's count",
        tags: ['orders'],
        params: z.object({ payor_key: ZKey, patient_key: ZKey }),
        querystring: ZOrderListQuery,
        response: { 200: ZOrderListResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { payor_key: payorKey, patient_key: patientKey } = request.params;
      const { page, per_page: perPage, view, sub_status: subStatus, phase } = request.query;
      const categories = request.query.categories ?? [];
      const dates = {
        type: request.query.date_type ?? DEFAULT_ORDER_DATE_TYPE,
        start: request.query.start_date,
        end: request.query.end_date,
      };
      if (subStatus && !isAllowedSubStatus(view ?? 'all', subStatus)) {
        throw new AppError('bad_request', 'sub_status: not a status of this view');
      }
      assertPayorPathAccess(user, payorKey);
      const { db } = app.portal.database;
      requireVisiblePatient(user, await findPatient(db, patientKey), payorKey);
      const filter = {
        patientKey,
        classificationKeys: await enabledClassifications(db, user.id),
        view,
        subStatus,
        dates,
        phase,
        categories,
      };
      const [total, rows, viewCounts] = await Promise.all([
        countOrders(db, filter),
        listOrders(db, { ...filter, page, perPage }),
        countOrdersByView(db, filter),
      ]);
      const timings = await readOrderTimings(db, rows);
      await app.audit(request, {
        action: 'order_list',
        userId: user.id,
        patientKey,
        detail: {
          view: view ?? 'all',
          sub_status: subStatus ?? null,
          ...(isDateRange(dates)
            ? {
                date_type: dates.type,
                start_date: dates.start ?? null,
                end_date: dates.end ?? null,
              }
            : {}),
          ...(phase ? { phase } : {}),
          ...(categories.length > 0 ? { categories } : {}),
          page,
        },
      });
      return {
        success: true as const,
        orders: rows.map((row) => presentOrder(row, timings.get(row.order_id))),
        view_counts: viewCounts.dated,
        all_dates_counts: viewCounts.allDates,
        ...pageInfo({ page, perPage, total }),
      };
    },
  );

  app.get(
    '/patients/orders/:so_number/items',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'order_items_view' },
      schema: {
        summary: "An order's items",
        tags: ['orders'],
        params: z.object({ so_number: ZKey }),
        response: { 200: ZOrderItemsResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { so_number: soNumber } = request.params;
      const { db } = app.portal.database;
      const order = await findOrderBySoNumber(db, soNumber);
      if (!order) {
        throw notFound('Order');
      }
      const patient = await findPatient(db, order.patient_key ?? '');
      if (!patient || !canSeePatient(user, patient)) {
        throw notFound('Order');
      }
      const items = await listOrderItems(db, order.order_id);
      await app.audit(request, {
        action: 'order_items_view',
        userId: user.id,
        patientKey: order.patient_key,
        detail: { so_number: soNumber },
      });
      return { success: true as const, items: items.map(presentOrderItem) };
    },
  );
};
