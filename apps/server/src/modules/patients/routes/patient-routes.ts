import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompanyResponse, ZKey, ZPatientDetailResponse } from '@portal/domain/patients-api';
import { requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { presentPatientDetail } from '../presenters';
import { countsFor, findPatient, listPatientPayors, orderCounts } from '../repository';
import { assertPayorPathAccess, requireVisiblePatient } from '../scope';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/payor/:payor_key/patient/:patient_key',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'patient_view' },
      schema: {
        summary: "One patient's details, doctor, addresses and order summary",
        tags: ['patients'],
        params: z.object({ payor_key: ZKey, patient_key: ZKey }),
        response: { 200: ZPatientDetailResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { payor_key: payorKey, patient_key: patientKey } = request.params;
      assertPayorPathAccess(user, payorKey);
      const { db } = app.portal.database;
      const patient = requireVisiblePatient(user, await findPatient(db, patientKey), payorKey);
      const counts = await orderCounts(db, { patientKeys: [patientKey], userId: user.id });
      await app.audit(request, { action: 'patient_view', userId: user.id, patientKey });
      return {
        success: true as const,
        patient: presentPatientDetail(patient, countsFor(counts, patientKey)),
      };
    },
  );

  app.get(
    '/patients/patient/:patient_key/company',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'patient_payors_view' },
      schema: {
        summary: "A patient's payors (company name and level), primary first",
        tags: ['patients'],
        params: z.object({ patient_key: ZKey }),
        response: { 200: ZCompanyResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { patient_key: patientKey } = request.params;
      const { db } = app.portal.database;
      requireVisiblePatient(user, await findPatient(db, patientKey));
      const payors = await listPatientPayors(db, patientKey);
      await app.audit(request, { action: 'patient_payors_view', userId: user.id, patientKey });
      return { success: true as const, payors };
    },
  );
};
