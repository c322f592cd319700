import type { Kysely } from 'kysely';
import { DOCUMENT_MESSAGES, orderNumberCandidates } from '@portal/domain/documents';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import type { TSignedInUser } from '../auth/session-repository';
import { canSeePatient } from '../patients/scope';
import { documentScope } from './scope';
import {
  findOrderByKey,
  findOrdersBySoNumber,
  findPatientScopeRow,
  findPatientsByNameWords,
} from './repository';

/** Where an upload is filed: a patient always, an order when one was named. */
export type TUploadTarget = {
  patientKey: string;
  orderId: string | null;
  orderNumber: string | null;
  /** What the library shows as the order: the typed text, or the SO number. */
  identifier: string;
};

const normaliseName = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** 'Jane Smith', 'Smith, Jane' and 'Smith Jane' all name Jane Smith. */
const nameForms = (patient: { first_name: string | null; last_name: string | null }) => {
  const first = normaliseName(patient.first_name ?? '');
  const last = normaliseName(patient.last_name ?? '');
  return [`${first} ${last}`, `${last}, ${first}`, `${last} ${first}`, `${last},${first}`];
};

const bad = (message: string) => new AppError('bad_request', message);

/**
 * Reads the order an upload names. The dashboard sends the order's key; the upload area
 * sends what the user typed: an SO number first (with or without its hyphen), else a patient's full name, which must
 * name exactly one patient the user may see. Orders and patients out of the user's scope
 * are reported exactly like ones that do not exist.
 */
export const resolveUploadTarget = async (
  db: Kysely<Database>,
  user: TSignedInUser,
  fields: {
    order_identifier: string;
    order_key?: string | undefined;
    patient_key?: string | undefined;
  },
): Promise<TUploadTarget> => {
  const typed = fields.order_identifier;
  const visible = async (patientKey: string | null) => {
    const patient = patientKey === null ? undefined : await findPatientScopeRow(db, patientKey);
    return (
      patient !== undefined &&
      canSeePatient(user, patient) &&
      (fields.patient_key === undefined || fields.patient_key === patient.patient_key)
    );
  };

  if (fields.order_key) {
    const order = await findOrderByKey(db, fields.order_key);
    if (!order || order.patient_key === null || !(await visible(order.patient_key))) {
      throw bad(DOCUMENT_MESSAGES.orderNotFound(typed || fields.order_key));
    }
    return {
      patientKey: order.patient_key,
      orderId: order.order_id,
      orderNumber: order.so_number,
      identifier: typed || order.so_number || order.order_id,
    };
  }
  if (!typed) {
    throw bad(DOCUMENT_MESSAGES.identifierRequired);
  }

  for (const order of await findOrdersBySoNumber(db, orderNumberCandidates(typed))) {
    if (order.patient_key !== null && (await visible(order.patient_key))) {
      return {
        patientKey: order.patient_key,
        orderId: order.order_id,
        orderNumber: order.so_number,
        identifier: typed,
      };
    }
  }

  const wanted = normaliseName(typed);
  const words = [...new Set(wanted.split(/[\s,]+/).filter(Boolean))].slice(0, 10);
  const candidates = await findPatientsByNameWords(db, words, documentScope(user));
  const matches = candidates.filter(
    (patient) =>
      nameForms(patient).includes(wanted) &&
      (fields.patient_key === undefined || fields.patient_key === patient.patient_key),
  );
  const [only, ...others] = matches;
  if (!only) {
    throw bad(DOCUMENT_MESSAGES.orderNotFound(typed));
  }
  if (others.length > 0) {
    throw bad(DOCUMENT_MESSAGES.ambiguousName(typed));
  }
  return { patientKey: only.patient_key, orderId: null, orderNumber: null, identifier: typed };
};
