import { useState, type SubmitEvent } from 'react';
import { AUDIT_ACTIONS } from '@portal/domain/audit-api';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { EMPTY_FILTERS, type TAuditFilterForm } from '../lib/filters';
import { actionLabel } from '../lib/display';

type TAuditFilterFormProps = {
  initial: TAuditFilterForm;
  onApply: (filters: TAuditFilterForm) => void;
};

const DATE_ORDER_MESSAGE = 'The From date must not be after the To date';

/** The trail's filters; Enter in any field applies them, Clear resets them all. */
export const AuditFilterForm = ({ initial, onApply }: TAuditFilterFormProps) => {
  const [form, setForm] = useState(initial);
  const [dateError, setDateError] = useState<string>();
  const set = (name: keyof TAuditFilterForm) => (value: string) =>
    setForm((current) => ({ ...current, [name]: value }));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.from && form.to && form.from > form.to) {
      setDateError(DATE_ORDER_MESSAGE);
      return;
    }
    setDateError(undefined);
    onApply(form);
  };
  const clear = () => {
    setForm(EMPTY_FILTERS);
    setDateError(undefined);
    onApply(EMPTY_FILTERS);
  };

  return (
    <Panel asChild className="mb-4">
      <form aria-label="Audit trail filters" onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            id="audit-user"
            label="User (email or ID)"
            autoComplete="off"
            value={form.user}
            onChange={(event) => set('user')(event.target.value)}
          />
          <SelectField
            id="audit-action"
            label="Action"
            value={form.action}
            onChange={set('action')}
            options={[
              ['', 'All actions'],
              ...AUDIT_ACTIONS.map((a) => [a, actionLabel(a)] as const),
            ]}
          />
          <TextField
            id="audit-patient-id"
            label="Patient ID"
            autoComplete="off"
            value={form.patient_id}
            onChange={(event) => set('patient_id')(event.target.value)}
          />
          <TextField
            id="audit-from"
            label="From"
            type="date"
            value={form.from}
            error={dateError}
            onChange={(event) => set('from')(event.target.value)}
          />
          <TextField
            id="audit-to"
            label="To"
            type="date"
            value={form.to}
            onChange={(event) => set('to')(event.target.value)}
          />
          <SelectField
            id="audit-outcome"
            label="Outcome"
            value={form.outcome}
            onChange={set('outcome')}
            options={[
              ['', 'Any outcome'],
              ['allowed', 'Allowed'],
              ['denied', 'Denied'],
            ]}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" variant="primary">
            Apply Filters
          </Button>
          <Button onClick={clear}>Clear</Button>
        </div>
      </form>
    </Panel>
  );
};

type TSelectFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
};

const SelectField = ({ id, label, value, onChange, options }: TSelectFieldProps) => (
  <Field id={id} label={label}>
    {(control) => (
      <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </Select>
    )}
  </Field>
);
