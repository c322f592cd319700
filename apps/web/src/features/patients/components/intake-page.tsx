import { useState } from 'react';
import { DASHBOARD_MESSAGES, normalizeSearch } from '@portal/domain/patients-rules';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { useIntakePatients } from '../api/get-intake-patients';
import { usePayorScope, type TStaffUser } from '../hooks/use-payor-scope';
import { IntakeList, IntakeListLoading } from './intake-list';
import { IntakeSearchForm } from './intake-search-form';
import { PayorSelect } from './payor-select';

/** /intake: a payor's intake patients, searched on submit, 20 a page (staff-tools.md). */
export const IntakePage = ({ user }: { user: TStaffUser }) => {
  const payorScope = usePayorScope(user);
  const [query, setQuery] = useState({ search: '', page: 1 });
  const scope = {
    ...payorScope,
    choosePayor: (next: string) => {
      payorScope.choosePayor(next);
      setQuery((current) => ({ ...current, page: 1 }));
    },
  };
  const intake = useIntakePatients(
    scope.payorKey === undefined ? undefined : { payorKey: scope.payorKey, ...query },
  );

  const search = (text: string) => {
    const normalized = normalizeSearch(text);
    if (normalized !== undefined) {
      setQuery({ search: normalized, page: 1 });
    }
  };
  const error = scope.error ?? (intake.isError ? DASHBOARD_MESSAGES.loadIntake : undefined);
  const data = intake.data;

  return (
    <>
      <PageHeading title={data ? `Intake Patients (${data.total})` : 'Intake Patients'} />
      <PayorSelect scope={scope} />
      <Panel aria-label="Intake patients">
        <IntakeSearchForm onSearch={search} />
        {error ? (
          <ErrorState
            title={error}
            // Asking again helps a failed call, not a user without a payor.
            onRetry={scope.error ? undefined : () => void intake.refetch()}
            retrying={intake.isFetching}
          />
        ) : !data || scope.payorKey === undefined ? (
          <IntakeListLoading />
        ) : (
          <div
            aria-busy={intake.isPlaceholderData}
            className={intake.isPlaceholderData ? 'opacity-60' : undefined}
          >
            <IntakeList patients={data.patients} payorKey={scope.payorKey} />
          </div>
        )}
        {!error && (
          <Pager
            label="Intake patients"
            page={query.page}
            pages={data?.pages ?? 0}
            onPageChange={(page) => setQuery((current) => ({ ...current, page }))}
          />
        )}
      </Panel>
    </>
  );
};
