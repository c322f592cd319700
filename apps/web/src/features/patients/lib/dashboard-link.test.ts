import { dashboardPatientLink } from '@portal/domain/dashboard-link';
import { describe, expect, it } from 'vitest';
import { changeDashboardLink, parseDashboardLink } from './dashboard-link';

describe('the dashboard address', () => {
  it('reads payor, patient, order, view and search', () => {
    const link = parseDashboardLink(
      new URLSearchParams('payor=P1&patient=PK-9&order=SO1002999&view=shipped&search=%20ada%20'),
    );
    expect(link).toEqual({
      payorKey: 'P1',
      patientKey: 'PK-9',
      soNumber: 'SO1002999',
      view: 'shipped',
      search: 'ada',
    });
  });

  it('leaves out what it does not name, an unknown view and a one-letter search', () => {
    expect(parseDashboardLink(new URLSearchParams('view=everything&search=a&patient='))).toEqual({
      payorKey: undefined,
      patientKey: undefined,
      soNumber: undefined,
      view: undefined,
      search: '',
    });
  });

  it('sets and drops parameters, keeping the others', () => {
    const next = changeDashboardLink(new URLSearchParams('payor=P1&patient=PK-1&order=SO1'), {
      patient: 'PK-2',
      order: undefined,
      search: '',
    });
    expect(next.toString()).toBe('payor=P1&patient=PK-2');
  });

  it('writes a link that reads back as the same screen', () => {
    const href = dashboardPatientLink({
      payorKey: 'P 1',
      patientKey: 'PK-2',
      soNumber: 'SO1002999',
      search: null,
    });
    expect(href).toBe('/dashboard?payor=P%201&patient=PK-2&order=SO1002999');
    expect(parseDashboardLink(new URLSearchParams(href.split('?')[1]))).toMatchObject({
      payorKey: 'P 1',
      patientKey: 'PK-2',
      soNumber: 'SO1002999',
    });
  });
});
