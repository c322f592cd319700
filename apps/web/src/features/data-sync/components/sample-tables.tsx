import type { TSamples } from '@portal/domain/data-sync-api';
import { sampleCell } from '../lib/format';
import { tableClass, tdClass, thClass } from '../lib/ui-classes';

type TRow = TSamples['source']['rows'][number];

const Cell = ({ value }: { value: TRow[string] | undefined }) => {
  const text = sampleCell(value);
  return (
    <td
      className={`${tdClass} whitespace-nowrap ${text === 'NULL' && value === null ? 'text-slate-400 italic' : ''}`}
    >
      {text}
    </td>
  );
};

/** One side's rows; a scrollable region a keyboard can reach. */
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
    <p className="py-6 text-center text-sm text-slate-600">No rows</p>
  ) : (
    <div
      className="max-h-96 overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={thClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} data-testid="sample-row">
              {columns.map((column) => (
                <Cell key={column} value={row[column]} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
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
    return <p className="py-6 text-center text-sm text-slate-600">No rows</p>;
  }
  return (
    <div
      className="max-h-96 overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label="Side by side rows"
    >
      <table className={tableClass}>
        <thead>
          <tr>
            {data.columns.map((column) => (
              <th key={column} scope="col" className={thClass}>
                {column} (source / destination)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pairs.map(([source, target], index) => (
            <tr key={index}>
              {data.columns.map((column) => {
                const left = sampleCell(source[column]);
                const right = target ? sampleCell(target[column]) : 'missing';
                return (
                  <td
                    key={column}
                    className={`${tdClass} whitespace-nowrap ${left === right ? '' : 'bg-amber-50 font-semibold'}`}
                  >
                    {left} / {right}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
