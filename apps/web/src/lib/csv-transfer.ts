import { stringify } from 'csv-stringify/browser/esm/sync';
import { neutralizeCsvCell } from '@portal/domain/csv-cells';
import { friendlyStatusMessage } from '@portal/domain/messages';
import { ApiError, api, csrfHeaderFor } from './api-client';
import { saveFile } from './save-file';

/**
 * Files to and from the admin CSV screens. They are not JSON, so they go around the API
 * client; a 401 (the access token ran out) goes once through the client, which refreshes
 * the session, and the call is made again.
 */

const errorOf = (status: number, body: unknown) => {
  const error =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : undefined;
  return new ApiError(
    status,
    error ?? friendlyStatusMessage(status) ?? 'An error occurred',
    error === undefined ? {} : { error },
  );
};

/** Downloads a CSV the server writes (a template) under the given name. */
export const downloadServerCsv = async (path: string, name: string) => {
  const get = () =>
    fetch(path, {
      credentials: 'include',
      headers: { Accept: 'text/csv', 'X-Requested-With': 'XMLHttpRequest' },
    });
  let response = await get();
  if (response.status === 401) {
    await api.get('/api/check-auth');
    response = await get();
  }
  if (!response.ok) {
    throw errorOf(response.status, await response.json().catch(() => undefined));
  }
  saveFile(await response.blob(), name);
};

/** Writes rows (header first) as a CSV file with csv-stringify, formulas neutralised. */
export const saveCsvRows = (rows: string[][], name: string) => {
  const text = stringify(rows, {
    record_delimiter: 'windows',
    cast: { string: neutralizeCsvCell },
  });
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents).
  saveFile(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), name);
};

const send = (path: string, file: File, onProgress: (percent: number) => void) =>
  new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaderFor('POST', path))) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = undefined;
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, friendlyStatusMessage(503) ?? 'Service unavailable')),
    );
    request.send(form);
  });

/**
 * POSTs one file as multipart field "file". XMLHttpRequest rather than fetch: only it
 * reports upload progress. Answers the JSON body, or throws ApiError with the server's error.
 */
export const uploadCsvFile = async (
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<unknown> => {
  let answer = await send(path, file, onProgress);
  if (answer.status === 401) {
    await api.get('/api/check-auth');
    answer = await send(path, file, onProgress);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw errorOf(answer.status, answer.body);
  }
  return answer.body;
};
