import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DOCUMENT_MESSAGES,
  checkNewFiles,
  type TUploadStatus,
} from '@portal/domain/documents-rules';
import { api } from '../../../lib/api-client';
import { documentsQueryKey } from '../api/get-documents';
import { UploadError, uploadDocument, type TUploadFields } from '../api/upload-document';

/** An upload file (staff-tools.md section 3): name, size, progress, status, order_identifier. */
export type TUploadItem = {
  id: string;
  file: File;
  name: string;
  size: number;
  progress: number;
  status: TUploadStatus;
  order_identifier: string;
  error?: string;
};

let nextId = 0;

/** Sends one file; after a 401 the API client refreshes the session and it is sent once more. */
const sendOnce = async (
  file: File,
  fields: TUploadFields,
  update: (patch: Partial<TUploadItem>) => void,
) => {
  const progress = {
    onProgress: (percent: number) => update({ progress: percent }),
    onSent: () => update({ status: 'processing', progress: 100 }),
  };
  try {
    return await uploadDocument(file, fields, progress);
  } catch (error) {
    if (error instanceof UploadError && error.status === 401) {
      await api.get('/api/check-auth');
      update({ status: 'uploading', progress: 0 });
      return uploadDocument(file, fields, progress);
    }
    throw error;
  }
};

/**
 * The upload area's list: files are checked as they are added (the spec's rules, shared
 * with the server), then sent one request each so every file has its own progress bar.
 */
export const useUploadQueue = () => {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<TUploadItem[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Read by the callbacks, which must not change identity with every progress tick.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const update = useCallback((id: string, patch: Partial<TUploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback((files: File[]) => {
    // Finished files leave the list when new ones come, so they do not count or clash.
    const listed = itemsRef.current.filter((item) => item.status !== 'success');
    const { accepted, errors: refused } = checkNewFiles(listed, files);
    setErrors(refused);
    setItems([
      ...listed,
      ...accepted.map((file) => ({
        id: `upload-${(nextId += 1)}`,
        file,
        name: file.name,
        size: file.size,
        progress: 0,
        status: 'ready' as const,
        order_identifier: '',
      })),
    ]);
  }, []);

  const remove = useCallback((id: string) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  /** Sends every file not yet stored; returns how many failed. */
  const uploadAll = useCallback(
    async (fields: TUploadFields) => {
      if (!fields.orderIdentifier.trim() && !fields.orderKey) {
        setErrors([DOCUMENT_MESSAGES.identifierRequired]);
        return -1;
      }
      setErrors([]);
      setBusy(true);
      let failed = 0;
      const pending = itemsRef.current.filter((item) => item.status !== 'success');
      for (const item of pending) {
        update(item.id, {
          status: 'uploading',
          progress: 0,
          error: undefined,
          order_identifier: fields.orderIdentifier,
        });
        try {
          await sendOnce(item.file, fields, (patch) => update(item.id, patch));
          update(item.id, { status: 'success', progress: 100 });
        } catch (error) {
          failed += 1;
          const reason = error instanceof Error ? error.message : 'unknown error';
          update(item.id, {
            status: 'error',
            error: DOCUMENT_MESSAGES.fileFailed(item.name, reason),
          });
        }
      }
      setBusy(false);
      if (failed > 0) {
        setErrors([
          DOCUMENT_MESSAGES.uploadFailed(
            `${failed} of ${pending.length} ${pending.length === 1 ? 'file' : 'files'} could not be uploaded.`,
          ),
        ]);
      }
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey });
      return failed;
    },
    [queryClient, update],
  );

  return { items, errors, busy, add, remove, uploadAll };
};
