import type { TSamples } from '@portal/domain/data-sync-api';
import { sampleCell } from '../lib/format';
import { cn } from '../../../lib/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';

type TRow = TSamples['source']['rows'][number];

const Cell = ({ value }: { value: TRow[string] | undefined }) => {
  const text = sampleCell(value);
  return (
    <TD className={cn('whitespace-nowrap', value === null && 'text-slate-500 italic')}>{text}</TD>
  );
};

/**
 * One side's rows; a scrollable region a keyboard can reach. The region scrolls, so the
 * table's own box must not (a second scroller no key reaches, as axe says).
 */
export const SampleTable = ({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: readonly string[];
  rows: readonly TRow[];
}) =>
  rows.length === 0 ? (
    <EmptyState title="No rows" />
  ) : (
    <div
      className="max-h-96 overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table wrapperClassName="overflow-visible">
        <THead>
          <TR>
            {columns.map((column) => (
              <TH key={column}>{column}</TH>
            ))}
          </TR>
        </THead>
        <TBody>
          {rows.map((row, index) => (
            <TR key={index} data-testid="sample-row">
              {columns.map((column) => (
                <Cell key={column} value={row[column]} />
              ))}
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );

const keyOf = (row: TRow, keys: readonly string[]) =>
  keys.map((key) => sampleCell(row[key])).join('|');

/** Rows paired on their key: source and destination values next to each other, differences marked. */
export const SampleSideBySide = ({ data }: { data: TSamples }) => {
  const keys = data.key_columns.length > 0 ? data.key_columns : data.columns.slice(0, 1);
  const destination = new Map(data.destination.rows.map((row) => [keyOf(row, keys), row]));
  const pairs = data.source.rows.map((row) => [row, destination.get(keyOf(row, keys))] as const);
  if (pairs.length === 0) {
    return <EmptyState title="No rows" />;
  }
  return (
    <div
      className="max-h-96 overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label="Side by side rows"
    >
      <Table wrapperClassName="overflow-visible">
        <THead>
          <TR>
            {data.columns.map((column) => (
              <TH key={column}>{column} (source / destination)</TH>
            ))}
          </TR>
        </THead>
        <TBody>
          {pairs.map(([source, target], index) => (
            <TR key={index}>
              {data.columns.map((column) => {
                const left = sampleCell(source[column]);
                const right = target ? sampleCell(target[column]) : 'missing';
                return (
                  <TD
                    key={column}
                    className={cn(
                      'whitespace-nowrap',
                      left !== right && 'bg-amber-50 font-semibold',
                    )}
                  >
                    {left} / {right}
                  </TD>
                );
              })}
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
};
