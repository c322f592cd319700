import type { TWarehouseTable } from '@portal/domain/data-sync-catalogue-api';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { joinedColumns, qualifiedColumns, type TScopeTable } from './catalogue-columns';
import { emptyCondition, type TJoinCondition, type TJoinForm } from './form-model';
import { ColumnPicker, TablePicker } from './pickers';

type TJoinEditorProps = {
  /** 'mapping-1-join-2': the prefix of its controls' ids. */
  id: string;
  /** 'Join 2', as its controls are named. */
  name: string;
  join: TJoinForm;
  tables: readonly TWarehouseTable[];
  /** The tables joined before this one: a condition's left side reads them. */
  before: readonly TScopeTable[];
  onChange: (join: TJoinForm) => void;
  onRemove: () => void;
};

/** One condition: a column of the rows so far = a column of the joined table, and a filter. */
const ConditionRow = ({
  id,
  name,
  condition,
  left,
  right,
  onChange,
  onRemove,
}: {
  id: string;
  name: string;
  condition: TJoinCondition;
  left: ReturnType<typeof qualifiedColumns>;
  right: string[];
  onChange: (patch: Partial<TJoinCondition>) => void;
  onRemove: (() => void) | undefined;
}) => (
  <li className="grid gap-2 rounded-lg bg-white p-2 sm:grid-cols-[1fr_auto_1fr] sm:items-end">
    <Field id={`${id}-left`} label={`${name}: column so far`}>
      {(control) => (
        <ColumnPicker
          id={control.id}
          label={`${name}: column so far`}
          groups={left}
          value={condition.left}
          onChange={(value) => onChange({ left: value })}
        />
      )}
    </Field>
    <span aria-hidden="true" className="hidden pb-2 text-slate-500 sm:block">
      =
    </span>
    <Field id={`${id}-right`} label={`${name}: joined column`}>
      {(control) => (
        <ColumnPicker
          id={control.id}
          label={`${name}: joined column`}
          groups={[{ label: '', values: right }]}
          value={condition.right}
          onChange={(value) => onChange({ right: value })}
        />
      )}
    </Field>
    <Field id={`${id}-filter`} label={`${name}: filter (optional)`} className="sm:col-span-3">
      {(control) => (
        <Input
          {...control}
          placeholder="C.ISLATEST = TRUE AND C.ISDELETED = FALSE"
          value={condition.filter}
          onChange={(event) => onChange({ filter: event.target.value })}
        />
      )}
    </Field>
    {onRemove && (
      <div className="sm:col-span-3">
        <Button size="sm" variant="ghost" onClick={onRemove}>
          Remove {name.toLowerCase()}
        </Button>
      </div>
    )}
  </li>
);

/** A join: table, alias, inner or left, and its conditions. */
export const JoinEditor = ({
  id,
  name,
  join,
  tables,
  before,
  onChange,
  onRemove,
}: TJoinEditorProps) => {
  const left = qualifiedColumns(before);
  const right = joinedColumns(tables, join.table);
  const setCondition = (index: number, patch: Partial<TJoinCondition>) =>
    onChange({
      ...join,
      conditions: join.conditions.map((condition, at) =>
        at === index ? { ...condition, ...patch } : condition,
      ),
    });
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{name}</legend>
      <TablePicker
        id={`${id}-table`}
        label={`${name} table`}
        tables={tables}
        value={join.table}
        onChange={(table) => onChange({ ...join, table })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={`${id}-alias`}
          label={`${name} alias`}
          hint="Optional: the table's name otherwise"
        >
          {(control) => (
            <Input
              {...control}
              value={join.alias}
              onChange={(event) => onChange({ ...join, alias: event.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-how`} label={`${name} kind`} hint="Left keeps rows without a match">
          {(control) => (
            <Select
              {...control}
              value={join.how}
              onChange={(event) =>
                onChange({ ...join, how: event.target.value === 'inner' ? 'inner' : 'left' })
              }
            >
              <option value="left">Left join</option>
              <option value="inner">Inner join</option>
            </Select>
          )}
        </Field>
      </div>
      <ul className="space-y-2" aria-label={`${name} conditions`}>
        {join.conditions.map((condition, index) => (
          <ConditionRow
            key={condition.key}
            id={`${id}-condition-${index + 1}`}
            name={`${name} condition ${index + 1}`}
            condition={condition}
            left={left}
            right={right}
            onChange={(patch) => setCondition(index, patch)}
            onRemove={
              join.conditions.length > 1
                ? () =>
                    onChange({
                      ...join,
                      conditions: join.conditions.filter((_, at) => at !== index),
                    })
                : undefined
            }
          />
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => onChange({ ...join, conditions: [...join.conditions, emptyCondition()] })}
        >
          Add condition to {name.toLowerCase()}
        </Button>
        <Button size="sm" variant="ghost" onClick={onRemove}>
          Remove {name.toLowerCase()}
        </Button>
      </div>
    </fieldset>
  );
};
