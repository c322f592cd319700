import type { TDestinationTable, TWarehouseTable } from '@portal/domain/data-sync-catalogue-api';
import { Button } from '../../../../components/ui/button';
import { plural } from '../../lib/runs';
import { matchingColumns, qualifiedColumns, tablesInScope } from './catalogue-columns';
import { emptyColumn, type TColumnForm, type TMappingForm } from './form-model';
import { ColumnPicker } from './pickers';

type TColumnRowsProps = {
  mapping: TMappingForm;
  tables: readonly TWarehouseTable[];
  destination: TDestinationTable | undefined;
  onChange: (patch: Partial<TMappingForm>) => void;
  /** Says how many rows 'Add matching columns' added (or that none matched). */
  onAnnounce: (message: string) => void;
};

/** Source column(s) → destination column; a second source is a fallback (COALESCE). */
const ColumnRow = ({
  column,
  number,
  sources,
  targets,
  onChange,
  onRemove,
}: {
  column: TColumnForm;
  number: number;
  sources: ReturnType<typeof qualifiedColumns>;
  targets: string[];
  onChange: (column: TColumnForm) => void;
  onRemove: () => void;
}) => {
  const setSource = (index: number, value: string) =>
    onChange({ ...column, sources: column.sources.map((s, at) => (at === index ? value : s)) });
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[1fr_auto_1fr_auto] sm:items-start">
      <p aria-hidden="true" className="text-xs font-medium text-slate-600 sm:hidden">
        Column {number}: source, then destination column
      </p>
      <div className="space-y-2">
        {column.sources.map((source, index) => (
          <div key={index} className="flex gap-2">
            <ColumnPicker
              className="flex-1"
              label={
                index === 0 ? `Source of column ${number}` : `Fallback ${index} of column ${number}`
              }
              groups={sources}
              value={source}
              onChange={(value) => setSource(index, value)}
            />
            {index > 0 && (
              <Button
                variant="ghost"
                aria-label={`Remove fallback ${index} of column ${number}`}
                onClick={() =>
                  onChange({ ...column, sources: column.sources.filter((_, at) => at !== index) })
                }
              >
                ×
              </Button>
            )}
          </div>
        ))}
        <p className="text-xs">
          <Button
            variant="link"
            aria-label={`Add a fallback source to column ${number}`}
            title="The column takes the first source that is not empty (COALESCE)"
            onClick={() => onChange({ ...column, sources: [...column.sources, ''] })}
          >
            Add fallback
          </Button>
        </p>
      </div>
      <span aria-hidden="true" className="text-center text-slate-500 sm:pt-2">
        <span className="sm:hidden">↓</span>
        <span className="hidden sm:inline">→</span>
      </span>
      <ColumnPicker
        label={`Target of column ${number}`}
        groups={[{ label: '', values: targets }]}
        placeholder="Choose a destination column…"
        value={column.target}
        onChange={(target) => onChange({ ...column, target })}
      />
      <Button variant="ghost" aria-label={`Remove column ${number}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
};

/** The columns a built mapping selects, picked from the tables so far and the destination. */
export const ColumnRows = ({
  mapping,
  tables,
  destination,
  onChange,
  onAnnounce,
}: TColumnRowsProps) => {
  const sources = qualifiedColumns(tablesInScope(mapping, tables));
  const targets = (destination?.columns ?? []).map((column) => column.name);
  const setColumns = (columns: TColumnForm[]) => onChange({ columns });
  return (
    <section aria-label="Columns" className="space-y-3">
      <h4 className="text-sm font-semibold text-slate-900">Columns</h4>
      {mapping.columns.length === 0 ? (
        <p className="text-sm text-slate-600">
          No columns chosen: every column of the rows is loaded, under its own name.
        </p>
      ) : (
        <>
          <p
            aria-hidden="true"
            className="hidden gap-2 px-2 text-xs font-medium text-slate-600 sm:grid sm:grid-cols-[1fr_auto_1fr_auto]"
          >
            <span>Source column, from the tables</span>
            <span className="invisible">→</span>
            <span>Destination column</span>
            <span className="invisible">Remove</span>
          </p>
          <ol className="space-y-2">
            {mapping.columns.map((column, index) => (
              <ColumnRow
                key={column.key}
                column={column}
                number={index + 1}
                sources={sources}
                targets={targets}
                onChange={(next) =>
                  setColumns(mapping.columns.map((other, at) => (at === index ? next : other)))
                }
                onRemove={() => setColumns(mapping.columns.filter((_, at) => at !== index))}
              />
            ))}
          </ol>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setColumns([...mapping.columns, emptyColumn()])}>
          Add column
        </Button>
        <Button
          size="sm"
          disabled={!destination || mapping.baseTable === ''}
          title="Maps each destination column to a column of the same name in the tables, ignoring case"
          onClick={() => {
            const added = matchingColumns(mapping, tables, destination);
            setColumns([...mapping.columns, ...added]);
            onAnnounce(
              added.length === 0
                ? 'No more columns match by name.'
                : `Added ${plural(added.length, 'matching column')}.`,
            );
          }}
        >
          Add matching columns
        </Button>
      </div>
    </section>
  );
};
