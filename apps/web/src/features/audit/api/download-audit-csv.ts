import { useMutation } from '@tanstack/react-query';
import { friendlyStatusMessage } from '@portal/domain/messages';
import { ApiError, api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { filterParams, type TAuditFilterForm } from '../lib/filters';

const FALLBACK_NAME = 'audit-trail.csv';

const fetchCsv = (filters: TAuditFilterForm) =>
  fetch(`/api/admin/audit/export?${filterParams(filters)}`, {
    credentials: 'include',
    headers: { Accept: 'text/csv', 'X-Requested-With': 'XMLHttpRequest' },
  });

const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
  FALLBACK_NAME;

/**
 * The filtered trail as a CSV file. It is a file, not JSON, so it is fetched here
 * rather than through the API client; a 401 (access token ran out) goes once through
 * the client, which refreshes the session, and the download is asked again.
 */
export const downloadAuditCsv = async (filters: TAuditFilterForm) => {
  let response = await fetchCsv(filters);
  if (response.status === 401) {
    await api.get('/api/check-auth');
    response = await fetchCsv(filters);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: unknown; code?: unknown };
    const error = typeof body.error === 'string' ? body.error : undefined;
    const code = typeof body.code === 'string' ? body.code : undefined;
    throw new ApiError(
      response.status,
      error ?? friendlyStatusMessage(response.status) ?? 'An error occurred',
      { ...(error === undefined ? {} : { error }), ...(code === undefined ? {} : { code }) },
    );
  }
  saveFile(await response.blob(), fileNameOf(response));
};

export const useDownloadAuditCsv = () =>
  useMutation({ mutationFn: downloadAuditCsv, retry: false });
