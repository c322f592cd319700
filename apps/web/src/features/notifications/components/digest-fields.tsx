import { useMemo } from 'react';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

type TProps = {
  digestTime: string;
  timeZone: string;
  zones: readonly string[];
  timeZoneError: string | undefined;
  disabled: boolean;
  onDigestTimeChange: (time: string) => void;
  onTimeZoneChange: (zone: string) => void;
};

/** When the daily digest goes out: a time of day in the user's time zone. */
export const DigestFields = (props: TProps) => {
  // About 400 zones: drawn once, not again with every change elsewhere in the form.
  const options = useMemo(
    () =>
      props.zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      )),
    [props.zones],
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id="notify-digest-time" label="Daily digest time">
        {(control) => (
          <Input
            {...control}
            type="time"
            required
            disabled={props.disabled}
            value={props.digestTime}
            onChange={(event) => props.onDigestTimeChange(event.target.value)}
          />
        )}
      </Field>
      <Field id="notify-time-zone" label="Time zone" error={props.timeZoneError}>
        {(control) => (
          <Select
            {...control}
            disabled={props.disabled}
            value={props.timeZone}
            onChange={(event) => props.onTimeZoneChange(event.target.value)}
          >
            {options}
          </Select>
        )}
      </Field>
    </div>
  );
};
