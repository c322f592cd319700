import type { UseQueryResult } from '@tanstack/react-query';
import {
  PORTAL_ACTIVATION_MESSAGES as MESSAGES,
  type TPatientsWithoutPortalResponse,
} from '@portal/domain/portal-activation-api';
import { Alert } from '../../../components/ui/alert';
import { toolButtonClass } from '../../../components/ui/csv-tools';
import { ApiError } from '../../../lib/api-client';
import { PatientsTable } from './patients-table';

const statusClass = 'py-6 text-center text-sm text-slate-600';

/** The list's place on the tab: the table, or why there is none (error with Retry, loading, empty). */
export const PatientsPanel = ({
  list,
  selected,
  onToggle,
  onTogglePage,
}: {
  list: UseQueryResult<TPatientsWithoutPortalResponse>;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onTogglePage: (select: boolean) => void;
}) => {
  if (list.isError) {
    const retrying = list.isFetching;
    return (
      <Alert tone="error">
        <p>{MESSAGES.listFailed}</p>
        {list.error instanceof ApiError && <p>{list.error.message}</p>}
        <button
          type="button"
          className={`${toolButtonClass} mt-2`}
          aria-disabled={retrying}
          onClick={() => !retrying && void list.refetch()}
        >
          {retrying ? 'Retrying...' : 'Retry'}
        </button>
      </Alert>
    );
  }
  if (list.isPending) {
    return (
      <p className={statusClass} role="status">
        Loading patients...
      </p>
    );
  }
  if (list.data.patients.length === 0) {
    return (
      <p className={statusClass} role="status">
        {MESSAGES.empty}
      </p>
    );
  }
  return (
    <div aria-busy={list.isPlaceholderData}>
      <PatientsTable
        patients={list.data.patients}
        selected={selected}
        onToggle={onToggle}
        onTogglePage={onTogglePage}
      />
    </div>
  );
};
