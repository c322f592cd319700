import { useState } from 'react';
import type { TWarehouseTable } from '@portal/domain/data-sync-catalogue-api';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import type { TColumnGroup } from './catalogue-columns';

/** A value the catalogue does not list stays choosable, so opening a mapping never drops it. */
const notListed = (value: string) => `${value} (not in the catalogue)`;

type TTablePickerProps = {
  id: string;
  label: string;
  tables: readonly TWarehouseTable[];
  value: string;
  onChange: (path: string) => void;
};

/**
 * A warehouse table, chosen from the catalogue: a search box narrows the list (by schema
 * or name) and a native select picks, so phones get their own picker and keys work as usual.
 */
export const TablePicker = ({ id, label, tables, value, onChange }: TTablePickerProps) => {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = tables.filter(
    (table) => needle === '' || `${table.schema}.${table.name}`.toLowerCase().includes(needle),
  );
  const listed = tables.some((table) => table.path === value);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="grid gap-2 sm:grid-cols-2">
        <Input
          type="search"
          aria-label={`Search for the ${label.toLowerCase()}`}
          placeholder="Search tables…"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">
            {shown.length === 0 ? 'No table matches the search' : 'Choose a table…'}
          </option>
          {value !== '' && !listed && <option value={value}>{notListed(value)}</option>}
          {shown.map((table) => (
            <option key={`${table.schema}.${table.name}`} value={table.path}>
              {table.path}
            </option>
          ))}
          {value !== '' && listed && !shown.some((table) => table.path === value) && (
            <option value={value}>{value}</option>
          )}
        </Select>
      </div>
    </div>
  );
};

type TColumnPickerProps = {
  label: string;
  /** Columns grouped by table; a flat list when there is one group without a label. */
  groups: readonly TColumnGroup[];
  value: string;
  onChange: (value: string) => void;
  id?: string;
  placeholder?: string;
  invalid?: boolean;
  className?: string;
};

/** A column from the tables so far (qualified by alias) or from a destination table. */
export const ColumnPicker = ({
  label,
  groups,
  value,
  onChange,
  id,
  placeholder = 'Choose a column…',
  invalid,
  className,
}: TColumnPickerProps) => {
  const listed = groups.some((group) => group.values.includes(value));
  return (
    <Select
      id={id}
      className={className}
      aria-label={id ? undefined : label}
      aria-invalid={invalid ? true : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{placeholder}</option>
      {value !== '' && !listed && <option value={value}>{notListed(value)}</option>}
      {groups.map((group) =>
        group.label === '' ? (
          group.values.map((column) => (
            <option key={column} value={column}>
              {column}
            </option>
          ))
        ) : (
          <optgroup key={group.label} label={group.label}>
            {group.values.map((column) => (
              <option key={column} value={column}>
                {column}
              </option>
            ))}
          </optgroup>
        ),
      )}
    </Select>
  );
};
