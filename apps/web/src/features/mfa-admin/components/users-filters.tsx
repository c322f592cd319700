import { useEffect, useRef, useState } from 'react';
import { MFA_ENROLMENT_FILTERS } from '@portal/domain/mfa-policy-api';
import { ROLES, isRole } from '@portal/domain/roles';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { TMfaUsersFilter } from '../api/get-mfa-users';
import { ENROLMENT_LABELS, ROLE_LABELS } from '../lib/display';

/** How long typing rests before the list asks again. */
export const SEARCH_DELAY_MS = 400;

type TProps = {
  filter: TMfaUsersFilter;
  onChange: (next: Partial<TMfaUsersFilter>, options?: { replace?: boolean }) => void;
};

/** Search by email or user name, a role and whether they enrolled. */
export const UsersFilters = ({ filter, onChange }: TProps) => {
  const [typed, setTyped] = useState(filter.search);
  // The search this box last put in the address: another change there (Clear filters, Back)
  // is written into the box.
  const sent = useRef(filter.search);

  useEffect(() => {
    if (filter.search !== sent.current) {
      sent.current = filter.search;
      setTyped(filter.search);
    }
  }, [filter.search]);

  useEffect(() => {
    if (typed.trim() === filter.search.trim()) {
      return undefined;
    }
    const timer = setTimeout(() => {
      sent.current = typed.trim();
      onChange({ search: typed }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filter.search, onChange]);

  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <Field label="Search">
        {(control) => (
          <Input
            {...control}
            type="search"
            placeholder="Email or user name"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
      </Field>
      <Field label="Role">
        {(control) => (
          <Select
            {...control}
            value={filter.role}
            onChange={(event) => {
              const role = event.target.value;
              onChange({ role: isRole(role) ? role : '' });
            }}
          >
            <option value="">All roles</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Enrolment">
        {(control) => (
          <Select
            {...control}
            value={filter.enrolment}
            onChange={(event) => {
              const enrolment = MFA_ENROLMENT_FILTERS.find((value) => value === event.target.value);
              onChange({ enrolment: enrolment ?? 'all' });
            }}
          >
            {MFA_ENROLMENT_FILTERS.map((value) => (
              <option key={value} value={value}>
                {ENROLMENT_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
};
