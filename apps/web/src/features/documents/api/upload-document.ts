import type { TUploadResponse } from '@portal/domain/documents';
import { csrfHeaderFor } from '../../../lib/api-client';

export type TUploadFields = {
  orderIdentifier: string;
  description?: string;
  patientKey?: string;
  orderKey?: string;
};

export type TUploadProgress = {
  /** 0-100 of the bytes sent; the server is 'processing' once all are sent. */
  onProgress: (percent: number) => void;
  onSent: () => void;
  signal?: AbortSignal;
};

/** Why an upload failed, in words for the user. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const PATH = '/api/documents/upload';

/**
 * The answer is typed, not parsed (decisions.md, "Typed reads in the browser"): the upload
 * area loads with the dashboard, and zod with it would hold up the start. What it relies
 * on is checked here.
 */
const isUploadAnswer = (body: unknown): body is TUploadResponse =>
  typeof body === 'object' &&
  body !== null &&
  'success' in body &&
  body.success === true &&
  'documents' in body &&
  Array.isArray(body.documents);

/**
 * POST /api/documents/upload for one file. XMLHttpRequest rather than fetch: only it
 * reports upload progress. The uploader is not sent: the server takes the session's user.
 */
export const uploadDocument = (
  file: File,
  fields: TUploadFields,
  progress: TUploadProgress,
): Promise<TUploadResponse> =>
  new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('order_identifier', fields.orderIdentifier);
    if (fields.description) {
      form.append('description', fields.description);
    }
    if (fields.patientKey) {
      form.append('patient_key', fields.patientKey);
    }
    if (fields.orderKey) {
      form.append('order_key', fields.orderKey);
    }
    // Fields before the file, so the server has them before the bytes arrive.
    form.append('file', file, file.name);

    const request = new XMLHttpRequest();
    request.open('POST', PATH);
    request.withCredentials = true;
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaderFor('POST', PATH))) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) {
        progress.onProgress(Math.round((event.loaded / event.total) * 100));
      }
    });
    request.upload.addEventListener('load', () => progress.onSent());
    request.addEventListener('load', () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as unknown;
        } catch {
          return undefined;
        }
      })();
      if (request.status >= 200 && request.status < 300) {
        if (isUploadAnswer(body)) {
          resolve(body);
          return;
        }
      }
      const error =
        typeof body === 'object' &&
        body !== null &&
        'error' in body &&
        typeof body.error === 'string'
          ? body.error
          : request.statusText || `HTTP ${request.status}`;
      reject(new UploadError(request.status, error));
    });
    request.addEventListener('error', () =>
      reject(new UploadError(0, 'the connection was lost. Check your connection and try again.')),
    );
    request.addEventListener('abort', () => reject(new UploadError(0, 'cancelled')));
    progress.signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
