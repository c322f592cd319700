import { useEffect, useId, useState } from 'react';
import {
  PORTAL_ACTIVATION_MESSAGES as MESSAGES,
  PORTAL_ACTIVATION_PAGE_SIZE,
  type TActivationResults,
} from '@portal/domain/portal-activation-api';
import { Alert } from '../../../components/ui/alert';
import { toolPrimaryClass } from '../../../components/ui/csv-tools';
import { Pager } from '../../../components/ui/pager';
import { inputClass, labelClass } from '../../../components/ui/styles';
import { ApiError } from '../../../lib/api-client';
import { useActivateSelected } from '../api/activate-patients';
import { usePatientsWithoutPortal } from '../api/get-patients-without-portal';
import { usePayors } from '../api/get-payors';
import { PatientsTable } from './patients-table';

const SEARCH_DELAY_MS = 500;

/** Search & Activate: find patients without portal access, select them, activate them. */
export const SearchTab = ({ onResults }: { onResults: (results: TActivationResults) => void }) => {
  const searchId = useId();
  const payorId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [payorKey, setPayorKey] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const payors = usePayors();
  const list = usePatientsWithoutPortal({ page, search, payorKey });
  const activate = useActivateSelected();

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const toggle = (key: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) {
        next.add(key);
      }
      return next;
    });
  const togglePage = (select: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const patient of list.data?.patients ?? []) {
        if (select) {
          next.add(patient.patient_key);
        } else {
          next.delete(patient.patient_key);
        }
      }
      return next;
    });

  const run = () => {
    if (selected.size === 0) {
      setNotice(MESSAGES.selectPatient);
      return;
    }
    setNotice(null);
    activate.mutate([...selected], {
      onSuccess: (results) => {
        setSelected(new Set());
        onResults(results);
      },
    });
  };

  const total = list.data?.total_count ?? 0;
  const pages = Math.ceil(total / PORTAL_ACTIVATION_PAGE_SIZE);
  const activateError =
    activate.error instanceof ApiError && activate.error.serverError
      ? activate.error.serverError
      : MESSAGES.activateFailed;

  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Search &amp; Activate</h2>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={searchId} className={labelClass}>
            Search
          </label>
          <input
            id={searchId}
            type="search"
            className={inputClass}
            placeholder="Name, email or patient ID"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={payorId} className={labelClass}>
            Payor
          </label>
          <select
            id={payorId}
            className={inputClass}
            value={payorKey}
            onChange={(event) => {
              setPayorKey(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All Payors</option>
            {(payors.data ?? []).map((payor) => (
              <option key={payor.payor_key} value={payor.payor_key}>
                {payor.company_name ?? payor.payor_key}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {selected.size} patient(s) selected • {total.toLocaleString()} total without portal access
        </p>
        <button
          type="button"
          className={toolPrimaryClass}
          disabled={activate.isPending}
          onClick={run}
        >
          {activate.isPending ? 'Activating...' : `Activate Selected (${selected.size})`}
        </button>
      </div>
      {notice && <Alert tone="error">{notice}</Alert>}
      {activate.isError && <Alert tone="error">{activateError}</Alert>}
      {payors.isError && <Alert tone="error">{MESSAGES.payorsFailed}</Alert>}
      {list.isError ? (
        <Alert tone="error">{list.error.message || MESSAGES.listFailed}</Alert>
      ) : list.isPending ? (
        <p className="py-6 text-center text-sm text-slate-600" role="status">
          Loading patients...
        </p>
      ) : list.data.patients.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600" role="status">
          {MESSAGES.empty}
        </p>
      ) : (
        <div aria-busy={list.isPlaceholderData}>
          <PatientsTable
            patients={list.data.patients}
            selected={selected}
            onToggle={toggle}
            onTogglePage={togglePage}
          />
        </div>
      )}
      <Pager
        label="Patients without portal access"
        page={page}
        pages={pages}
        onPageChange={setPage}
        disabled={list.isFetching}
      />
    </div>
  );
};
