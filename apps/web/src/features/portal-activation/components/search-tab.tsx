import type { TAccessDelivery } from '@portal/domain/first-access';
import { useEffect, useMemo, useState } from 'react';
import {
  PORTAL_ACTIVATION_MESSAGES as MESSAGES,
  PORTAL_ACTIVATION_PAGE_SIZE,
  type TActivationResults,
} from '@portal/domain/portal-activation-api';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { useActivateSelected } from '../api/activate-patients';
import { usePatientsWithoutPortal } from '../api/get-patients-without-portal';
import { usePayors } from '../api/get-payors';
import { useListSelection } from '../hooks/use-list-selection';
import { ConfirmActivation } from './confirm-activation';
import { PatientsPanel } from './patients-panel';
import { SelectionBar } from './selection-bar';

const SEARCH_DELAY_MS = 500;

/**
 * Search & Activate: find patients without portal access, select them, activate them.
 * The selection is the ticked patients of the list on screen (see useListSelection), and
 * activating asks first, saying how many.
 */
export const SearchTab = ({
  onResults,
  delivery,
}: {
  onResults: (results: TActivationResults) => void;
  delivery: TAccessDelivery;
}) => {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState({ search: '', payorKey: '', page: 1 });
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const payors = usePayors();
  const list = usePatientsWithoutPortal(filter);
  const activate = useActivateSelected();
  const shown = list.isError ? undefined : list.data?.patients;
  const shownKeys = useMemo(() => (shown ?? []).map((patient) => patient.patient_key), [shown]);
  const { selected, ...selection } = useListSelection(
    JSON.stringify([filter.search.trim(), filter.payorKey, filter.page]),
    shownKeys,
  );

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter((current) =>
        current.search === typed ? current : { ...current, search: typed, page: 1 },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const run = () => {
    if (selected.size === 0) {
      setNotice(MESSAGES.selectPatient);
      return;
    }
    setNotice(null);
    setConfirming(true);
  };
  const confirm = () => {
    setConfirming(false);
    // The list may have reloaded under the open dialog and taken the last selected away.
    if (selected.size === 0) {
      setNotice(MESSAGES.selectPatient);
      return;
    }
    activate.mutate(
      { patientKeys: [...selected], delivery },
      {
        onSuccess: (results) => {
          selection.clear();
          onResults(results);
        },
      },
    );
  };

  const total = list.isError ? undefined : list.data?.total_count;
  const pages = Math.ceil((total ?? 0) / PORTAL_ACTIVATION_PAGE_SIZE);
  const activateError =
    activate.error instanceof ApiError && activate.error.serverError
      ? activate.error.serverError
      : MESSAGES.activateFailed;

  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Search &amp; Activate</h2>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <Field label="Search">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Name, email or patient ID"
              value={typed}
              maxLength={100}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </Field>
        <Field label="Payor">
          {(control) => (
            <Select
              {...control}
              value={filter.payorKey}
              onChange={(event) => {
                const payorKey = event.target.value;
                setFilter((current) => ({ ...current, payorKey, page: 1 }));
              }}
            >
              <option value="">All Payors</option>
              {(payors.data ?? []).map((payor) => (
                <option key={payor.payor_key} value={payor.payor_key}>
                  {payor.company_name ?? payor.payor_key}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <SelectionBar
        selected={selected.size}
        total={total}
        activating={activate.isPending}
        onClear={selection.clear}
        onActivate={run}
      />
      <ConfirmActivation
        count={selected.size}
        open={confirming}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        delivery={delivery}
      />
      {notice && selected.size === 0 && <Alert tone="error">{notice}</Alert>}
      {activate.isError && <Alert tone="error">{activateError}</Alert>}
      {payors.isError && <Alert tone="error">{MESSAGES.payorsFailed}</Alert>}
      <PatientsPanel
        list={list}
        filtered={filter.search.trim() !== '' || filter.payorKey !== ''}
        selected={selected}
        onToggle={selection.toggle}
        onTogglePage={selection.togglePage}
      />
      <Pager
        label="Patients without portal access"
        page={filter.page}
        pages={pages}
        onPageChange={(page) => setFilter((current) => ({ ...current, page }))}
        disabled={list.isFetching}
      />
    </div>
  );
};
