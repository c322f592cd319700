import { tdClass, thClass } from '../lib/ui-classes';

/** A table's column headings. */
export const HeaderRow = ({ columns }: { columns: readonly string[] }) => (
  <tr>
    {columns.map((column) => (
      <th key={column} scope="col" className={thClass}>
        {column}
      </th>
    ))}
  </tr>
);

/** Grey bars in every cell while the rows load. */
export const PlaceholderRows = ({
  columns,
  rows,
  testId,
}: {
  columns: readonly string[];
  rows: number;
  testId?: string;
}) =>
  Array.from({ length: rows }, (_, row) => (
    <tr key={row} data-testid={testId}>
      {columns.map((column) => (
        <td key={column} className={tdClass}>
          <span className="block h-4 animate-pulse rounded bg-slate-200" />
        </td>
      ))}
    </tr>
  ));
