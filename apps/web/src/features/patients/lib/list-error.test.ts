import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import { getPatients } from '../api/get-patients';
import { apiErrorMessage, PatientListAnswerError, patientListErrorMessage } from './list-error';

/** The browser's fetch answering every call with this JSON body. */
const answerWith = (body: unknown) =>
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );

describe('patient list errors', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("calls an answer without success 'Failed to fetch patients', and does not ask again", async () => {
    answerWith({ success: false, patients: [] });
    const failed = await getPatients({ payorKey: 'PAY-1', search: '', page: 1 }).catch(
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(PatientListAnswerError);
    expect(patientListErrorMessage(failed)).toBe('Failed to fetch patients');
    expect(retryUnlessClientError(0, failed as Error)).toBe(false);
  });

  it('hands over an answer with success as it came', async () => {
    const body = { success: true, message: 'No patients found', patients: [], total: 0 };
    answerWith(body);
    expect(await getPatients({ payorKey: 'PAY-1', search: '', page: 1 })).toEqual(body);
  });

  it("calls any other failure 'Failed to load patients'", () => {
    expect(patientListErrorMessage(new ApiError(500, 'Server error'))).toBe(
      'Failed to load patients',
    );
  });

  it("shows the server's own words for other calls", () => {
    expect(apiErrorMessage(new ApiError(404, 'Patient not found'), 'Failed')).toBe(
      'Patient not found',
    );
    expect(apiErrorMessage(new TypeError('x'), 'Failed to load orders')).toBe(
      'Failed to load orders',
    );
  });
});
