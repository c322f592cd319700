import type { UseQueryResult } from '@tanstack/react-query';
import {
  PORTAL_ACTIVATION_MESSAGES as MESSAGES,
  type TPatientsWithoutPortalResponse,
} from '@portal/domain/portal-activation-api';
import { ScrollTable } from '../../../components/ui/csv-tools';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { PATIENT_COLUMNS, PatientsTable } from './patients-table';

/** The list's place on the tab: the table, or why there is none (error with Retry, loading, empty). */
export const PatientsPanel = ({
  list,
  filtered,
  selected,
  onToggle,
  onTogglePage,
}: {
  list: UseQueryResult<TPatientsWithoutPortalResponse>;
  /** A search or payor narrows the list: the empty state says so. */
  filtered: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onTogglePage: (select: boolean) => void;
}) => {
  if (list.isError) {
    return (
      <ErrorState
        title={MESSAGES.listFailed}
        message={list.error instanceof ApiError ? list.error.message : undefined}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.isPending) {
    return (
      <ScrollTable label="Patients without portal access" columns={PATIENT_COLUMNS}>
        <SkeletonTableRows columns={PATIENT_COLUMNS} label="Loading patients..." />
      </ScrollTable>
    );
  }
  if (list.data.patients.length === 0) {
    return (
      <EmptyState
        title={MESSAGES.empty}
        text={
          filtered
            ? 'Try another name, email or patient ID, or choose All Payors.'
            : 'Every patient already has portal access.'
        }
      />
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
