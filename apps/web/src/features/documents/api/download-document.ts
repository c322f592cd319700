import { useMutation } from '@tanstack/react-query';
import type { TDocument } from '@portal/domain/documents';
import { DOCUMENT_MESSAGES } from '@portal/domain/documents-rules';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

const fetchFile = (id: string) =>
  fetch(`/api/documents/${encodeURIComponent(id)}/download`, {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });

/**
 * A document's bytes, saved under its own name. A file, not JSON, so it is fetched here;
 * a 401 (the access token ran out) goes once through the API client, which refreshes the
 * session, and the download is asked again.
 */
export const downloadDocument = async (document: TDocument) => {
  let response = await fetchFile(document.id);
  if (response.status === 401) {
    await api.get('/api/check-auth');
    response = await fetchFile(document.id);
  }
  if (!response.ok) {
    throw new Error(DOCUMENT_MESSAGES.downloadFailed);
  }
  saveFile(await response.blob(), document.file_name);
};

export const useDownloadDocument = () =>
  useMutation({ mutationFn: downloadDocument, retry: false });
