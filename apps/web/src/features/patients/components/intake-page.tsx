import { useState } from 'react';
import { DASHBOARD_MESSAGES, normalizeSearch } from '@portal/domain/patients-rules';
import { Alert } from '../../../components/ui/alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { useIntakePatients } from '../api/get-intake-patients';
import { usePayorScope, type TStaffUser } from '../hooks/use-payor-scope';
import { panelClass } from '../lib/ui-classes';
import { IntakeList } from './intake-list';
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
  const loading = scope.loading || (scope.payorKey !== undefined && intake.isPending);
  const error = scope.error ?? (intake.isError ? DASHBOARD_MESSAGES.loadIntake : undefined);
  const data = intake.data;

  return (
    <>
      <PageHeading title={data ? `Intake Patients (${data.total})` : 'Intake Patients'} />
      <PayorSelect scope={scope} />
      <section aria-label="Intake patients" className={panelClass}>
        <IntakeSearchForm onSearch={search} />
        {error ? (
          <Alert tone="error">{error}</Alert>
        ) : loading || !data || scope.payorKey === undefined ? (
          <Spinner label="Loading intake patients..." />
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
      </section>
    </>
  );
};
