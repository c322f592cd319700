import type { TWarehouseTable } from '@portal/domain/data-sync-catalogue-api';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { tablesInScope } from './catalogue-columns';
import { emptyFilter, emptyJoin, type TMappingForm } from './form-model';
import { JoinEditor } from './join-editor';
import { TablePicker } from './pickers';

type TBuilderFieldsProps = {
  /** 'mapping-1': the prefix of its controls' ids. */
  id: string;
  mapping: TMappingForm;
  tables: readonly TWarehouseTable[];
  onChange: (patch: Partial<TMappingForm>) => void;
};

/** Base table and alias, joins and filters: where a built mapping's rows come from. */
export const BuilderFields = ({ id, mapping, tables, onChange }: TBuilderFieldsProps) => (
  <div className="space-y-4">
    <div className="grid gap-3 sm:grid-cols-[2fr_1fr] sm:items-start">
      <TablePicker
        id={`${id}-base`}
        label="Base table"
        tables={tables}
        value={mapping.baseTable}
        onChange={(baseTable) => onChange({ baseTable })}
      />
      <Field id={`${id}-base-alias`} label="Base table alias" hint="Optional, e.g. PY">
        {(control) => (
          <Input
            {...control}
            value={mapping.baseAlias}
            onChange={(event) => onChange({ baseAlias: event.target.value })}
          />
        )}
      </Field>
    </div>

    <section aria-label="Joins" className="space-y-3">
      <h4 className="text-sm font-semibold text-slate-900">Joins</h4>
      {mapping.joins.length === 0 && <p className="text-sm text-slate-600">No joins.</p>}
      {mapping.joins.map((join, index) => (
        <JoinEditor
          key={join.key}
          id={`${id}-join-${index + 1}`}
          name={`Join ${index + 1}`}
          join={join}
          tables={tables}
          before={tablesInScope(mapping, tables, index)}
          onChange={(next) =>
            onChange({ joins: mapping.joins.map((other, at) => (at === index ? next : other)) })
          }
          onRemove={() => onChange({ joins: mapping.joins.filter((_, at) => at !== index) })}
        />
      ))}
      <Button size="sm" onClick={() => onChange({ joins: [...mapping.joins, emptyJoin()] })}>
        Add join
      </Button>
    </section>

    <section aria-label="Filters" className="space-y-3">
      <h4 className="text-sm font-semibold text-slate-900">Filters</h4>
      {mapping.filters.length === 0 && (
        <p className="text-sm text-slate-600">No filters: every row of the tables.</p>
      )}
      <ul className="space-y-2">
        {mapping.filters.map((filter, index) => (
          <li key={filter.key} className="flex items-end gap-2">
            <Field
              id={`${id}-filter-${index + 1}`}
              label={`Filter ${index + 1}`}
              className="flex-1"
            >
              {(control) => (
                <Input
                  {...control}
                  placeholder="PY.ISLATEST = TRUE AND PY.ISDELETED = FALSE"
                  value={filter.condition}
                  onChange={(event) =>
                    onChange({
                      filters: mapping.filters.map((other, at) =>
                        at === index ? { ...other, condition: event.target.value } : other,
                      ),
                    })
                  }
                />
              )}
            </Field>
            <Button
              variant="ghost"
              aria-label={`Remove filter ${index + 1}`}
              onClick={() => onChange({ filters: mapping.filters.filter((_, at) => at !== index) })}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Button size="sm" onClick={() => onChange({ filters: [...mapping.filters, emptyFilter()] })}>
        Add filter
      </Button>
    </section>
  </div>
);
