import { useCallback } from 'react';
import { useTimedNotice, type TNotice } from '../../../lib/use-timed-notice';

/** Success banners close after 5 s, errors after 10 s (staff-tools.md sections 4 and 9). */
export const DOC_SUCCESS_MS = 5_000;
export const DOC_ERROR_MS = 10_000;

/** One banner at a time; each tone keeps its own time before it closes. */
export const useDocNotices = () => {
  const success = useTimedNotice({ ms: DOC_SUCCESS_MS });
  const error = useTimedNotice({ ms: DOC_ERROR_MS });
  const { show: showSuccessNotice, clear: clearSuccess } = success;
  const { show: showErrorNotice, clear: clearError } = error;
  const showSuccess = useCallback(
    (text: string) => {
      clearError();
      showSuccessNotice({ tone: 'success', text });
    },
    [clearError, showSuccessNotice],
  );
  const showError = useCallback(
    (text: string) => {
      clearSuccess();
      showErrorNotice({ tone: 'error', text });
    },
    [clearSuccess, showErrorNotice],
  );
  const clear = useCallback(() => {
    clearSuccess();
    clearError();
  }, [clearSuccess, clearError]);
  const notice: TNotice | undefined = error.notice ?? success.notice;
  return { notice, showSuccess, showError, clear };
};

export type TDocNotices = ReturnType<typeof useDocNotices>;
