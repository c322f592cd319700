import { useEffect, useRef, useState } from 'react';
import type { TCatalogueResponse } from '@portal/domain/data-sync-catalogue-api';
import { SYNC_DESTINATION_TABLES } from '@portal/domain/sync-destinations';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { plural } from '../../lib/runs';
import { destinationKey } from './catalogue-columns';
import { BuilderFields } from './builder-fields';
import { ColumnRows } from './column-rows';
import { formToMapping, type TMappingForm, type TMappingKind } from './form-model';
import { MappingOptions } from './mapping-options';
import { MappingPreview } from './mapping-preview';

type TMappingEditorProps = {
  index: number;
  count: number;
  mapping: TMappingForm;
  catalogue: Pick<TCatalogueResponse, 'tables' | 'destinations'>;
  /** The server's (or the spec's) message about this mapping. */
  error: string | undefined;
  startOpen: boolean;
  onChange: (patch: Partial<TMappingForm>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

const KINDS: { value: TMappingKind; label: string }[] = [
  { value: 'builder', label: 'Build from tables' },
  { value: 'query', label: 'SQL query' },
];

/** A folded mapping in a few words: 'From PATIENTS, 6 joins, 18 columns'. */
export const summaryOf = (mapping: TMappingForm) => {
  if (mapping.kind === 'query') {
    return 'SQL query';
  }
  if (mapping.kind === 'json') {
    return 'Operations as JSON';
  }
  return [
    mapping.baseTable ? `From ${mapping.baseTable}` : 'No base table yet',
    ...(mapping.joins.length ? [plural(mapping.joins.length, 'join')] : []),
    mapping.columns.length ? plural(mapping.columns.length, 'column') : 'every column',
  ].join(', ');
};

/** One mapping: destination, type, what fills it, options and its preview. */
export const MappingEditor = ({
  index,
  count,
  mapping,
  catalogue,
  error,
  startOpen,
  onChange,
  onMove,
  onRemove,
}: TMappingEditorProps) => {
  const [open, setOpen] = useState(startOpen);
  const [announcement, setAnnouncement] = useState('');
  // A new error opens a collapsed mapping, so the message and its fields are in view.
  const [seenError, setSeenError] = useState(error);
  if (error !== seenError) {
    setSeenError(error);
    if (error) {
      setOpen(true);
    }
  }
  const id = `mapping-${index + 1}`;
  const name = `Mapping ${index + 1}`;
  const destination = catalogue.destinations.find((table) => table.name === mapping.mysqlTable);
  // A destination picked before the catalogue's columns arrived (the list then offers the
  // portal's tables by name alone) takes its primary key as the key columns once they do.
  const keyPending = useRef<string>(undefined);
  useEffect(() => {
    if (
      keyPending.current !== undefined &&
      keyPending.current === mapping.mysqlTable &&
      destination
    ) {
      keyPending.current = undefined;
      onChange({ keyColumns: destinationKey(destination) });
    }
  }, [mapping.mysqlTable, destination, onChange]);
  const destinationNames = catalogue.destinations.length
    ? catalogue.destinations.map((table) => table.name)
    : [...SYNC_DESTINATION_TABLES];
  const title = `${name}${mapping.mysqlTable ? `: ${mapping.mysqlTable}` : ''}`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="mapping-editor"
      className="rounded-xl border border-slate-200 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={`${id}-title`} className="font-semibold text-slate-900">
            {title}
          </h3>
          {!open && <p className="text-sm text-slate-600">{summaryOf(mapping)}</p>}
        </div>
        <div className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Collapse' : 'Expand'}
            <span className="sr-only"> {name.toLowerCase()}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${name.toLowerCase()} up`}
            aria-disabled={index === 0}
            onClick={() => index > 0 && onMove(-1)}
          >
            Up
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${name.toLowerCase()} down`}
            aria-disabled={index === count - 1}
            onClick={() => index < count - 1 && onMove(1)}
          >
            Down
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${name.toLowerCase()}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </div>
      </div>
      {error && (
        <div className="mt-3" data-error-alert tabIndex={-1}>
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <div id={`${id}-body`} hidden={!open} className="mt-3 space-y-5">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-destination`} label="Destination" hint="The portal table it fills">
            {(control) => (
              <Select
                {...control}
                value={mapping.mysqlTable}
                onChange={(event) => {
                  const table = catalogue.destinations.find((t) => t.name === event.target.value);
                  keyPending.current = table ? undefined : event.target.value;
                  onChange({ mysqlTable: event.target.value, keyColumns: destinationKey(table) });
                }}
              >
                <option value="">Choose a destination…</option>
                {destinationNames.map((table) => (
                  <option key={table} value={table}>
                    {table}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-type`} label="Type" hint="Tables and columns picked here, or a SELECT">
            {(control) => (
              <Select
                {...control}
                value={mapping.kind}
                onChange={(event) => onChange({ kind: event.target.value as TMappingKind })}
              >
                {KINDS.map((kind) => (
                  <option key={kind.value} value={kind.value}>
                    {kind.label}
                  </option>
                ))}
                {mapping.operationsJson !== '' && <option value="json">Operations as JSON</option>}
              </Select>
            )}
          </Field>
        </div>
        {mapping.kind === 'builder' && (
          <>
            <BuilderFields
              id={id}
              mapping={mapping}
              tables={catalogue.tables}
              onChange={onChange}
            />
            <ColumnRows
              mapping={mapping}
              tables={catalogue.tables}
              destination={destination}
              onChange={onChange}
              onAnnounce={setAnnouncement}
            />
            <p role="status" className="sr-only">
              {announcement}
            </p>
          </>
        )}
        {mapping.kind === 'query' && (
          <Field
            id={`${id}-query`}
            label="SQL query"
            hint="One SELECT in the warehouse's dialect; its column names are the destination's"
          >
            {(control) => (
              <Textarea
                {...control}
                rows={8}
                spellCheck={false}
                className="font-mono"
                value={mapping.query}
                onChange={(event) => onChange({ query: event.target.value })}
              />
            )}
          </Field>
        )}
        {mapping.kind === 'json' && (
          <Field
            id={`${id}-operations`}
            label="Operations (JSON)"
            hint="These operations go beyond what the builder shows (a second select, or a join after one), so they are kept as written."
          >
            {(control) => (
              <Textarea
                {...control}
                rows={10}
                spellCheck={false}
                className="font-mono text-xs"
                value={mapping.operationsJson}
                onChange={(event) => onChange({ operationsJson: event.target.value })}
              />
            )}
          </Field>
        )}
        <MappingOptions
          id={id}
          mapping={mapping}
          destinationColumns={(destination?.columns ?? []).map((column) => column.name)}
          onChange={onChange}
        />
        <MappingPreview name={name} mapping={() => formToMapping(mapping)} />
      </div>
    </section>
  );
};
