import {
  ACCESS_DELIVERIES,
  ACCESS_DELIVERY_LABELS,
  INVITED,
  type TAccessDelivery,
} from '@portal/domain/first-access';
import { Badge } from './ui/badge';
import { Radio } from './ui/radio';

const DESCRIPTIONS: Record<TAccessDelivery, string> = {
  invitation:
    'Each person gets an email with a one-time link to choose their own password. Nobody sees a password.',
  temporary_password:
    'Passwords are shown once in the results for you to hand out. Each must be changed at first sign-in and expires if unused.',
};

/**
 * How new accounts get their first password (issue 35), for the bulk upload and the
 * portal activation screens: an invitation email, or temporary passwords shown once.
 */
export const AccessDeliveryChoice = ({
  value,
  onChange,
  disabled,
  name,
}: {
  value: TAccessDelivery;
  onChange: (next: TAccessDelivery) => void;
  disabled?: boolean;
  /** The radio group's name; unique on the page. */
  name: string;
}) => (
  <fieldset className="mb-4" disabled={disabled}>
    <legend className="mb-2 text-sm font-semibold text-slate-900">
      How do new users get their first password?
    </legend>
    <div className="space-y-2">
      {ACCESS_DELIVERIES.map((delivery) => (
        <Radio
          key={delivery}
          name={name}
          value={delivery}
          checked={value === delivery}
          onChange={() => onChange(delivery)}
          label={ACCESS_DELIVERY_LABELS[delivery]}
          description={DESCRIPTIONS[delivery]}
        />
      ))}
    </div>
  </fieldset>
);

/** A results table's Temp Password cell: the password, or 'invited' when one was mailed. */
export const TempPasswordCell = ({
  row,
}: {
  row: { invited: boolean; temp_password: string | null };
}) =>
  row.invited ? (
    <Badge tone="blue" title="An invitation email was sent">
      {INVITED}
    </Badge>
  ) : (
    <span className="font-mono whitespace-nowrap">{row.temp_password}</span>
  );
