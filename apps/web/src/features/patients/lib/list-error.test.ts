import { describe, expect, it } from 'vitest';
import { ZPatientListResponse } from '@portal/domain/patients-api';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage, patientListErrorMessage } from './list-error';

describe('patient list errors', () => {
  it("calls an answer without success 'Failed to fetch patients'", () => {
    const parsed = ZPatientListResponse.safeParse({ success: false, patients: [] });
    expect(parsed.success).toBe(false);
    expect(patientListErrorMessage(parsed.error)).toBe('Failed to fetch patients');
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
