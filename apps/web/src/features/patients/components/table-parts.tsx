import { TH, TR } from '../../../components/ui/table';

/** A table's column headings. */
export const HeaderRow = ({ columns }: { columns: readonly string[] }) => (
  <TR>
    {columns.map((column) => (
      <TH key={column}>{column}</TH>
    ))}
  </TR>
);
