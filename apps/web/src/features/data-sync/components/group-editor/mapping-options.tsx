import { Checkbox } from '../../../../components/ui/checkbox';
import { keyChoices, type TMappingForm } from './form-model';

type TMappingOptionsProps = {
  id: string;
  mapping: TMappingForm;
  /** The destination's columns: the key's choices when the mapping names no targets. */
  destinationColumns: readonly string[];
  onChange: (patch: Partial<TMappingForm>) => void;
};

/** Key columns (from the targets), Truncate first and Use upsert. */
export const MappingOptions = ({
  id,
  mapping,
  destinationColumns,
  onChange,
}: TMappingOptionsProps) => {
  const choices = keyChoices(mapping, destinationColumns);
  const toggle = (column: string, on: boolean) =>
    onChange({
      keyColumns: on
        ? [...mapping.keyColumns, column]
        : mapping.keyColumns.filter((key) => key !== column),
    });
  return (
    <div className="space-y-4">
      <fieldset aria-describedby={`${id}-keys-hint`}>
        <legend className="mb-1 text-sm font-semibold text-slate-900">Key columns</legend>
        <p id={`${id}-keys-hint`} className="mb-2 text-sm text-slate-600">
          The columns that identify a row: an upsert replaces the row with the same key.
        </p>
        {choices.length === 0 ? (
          <p className="text-sm text-slate-600">Choose the destination and its columns first.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-3">
            {choices.map((column) => (
              <li key={column}>
                <Checkbox
                  id={`${id}-key-${column}`}
                  label={column}
                  checked={mapping.keyColumns.includes(column)}
                  onCheckedChange={(checked) => toggle(column, checked === true)}
                />
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Checkbox
          id={`${id}-truncate`}
          label="Truncate first"
          description="Empty the destination table before loading (in the same transaction)."
          checked={mapping.truncateFirst}
          onCheckedChange={(checked) => onChange({ truncateFirst: checked === true })}
        />
        <Checkbox
          id={`${id}-upsert`}
          label="Use upsert"
          description="Insert new rows and update those whose key columns match."
          checked={mapping.useUpsert}
          onCheckedChange={(checked) => onChange({ useUpsert: checked === true })}
        />
      </div>
    </div>
  );
};
