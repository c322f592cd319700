import type { TMappingInput } from '@portal/domain/sync-mapping';

/** Before and after, side by side, one mapping at a time; changed lines marked. */
export const MappingCompare = ({
  before,
  after,
}: {
  before: readonly TMappingInput[];
  after: readonly TMappingInput[];
}) => (
  <div className="space-y-4">
    {before.map((mapping, index) => {
      const left = JSON.stringify(mapping, null, 2).split('\n');
      const right = JSON.stringify(after[index] ?? mapping, null, 2).split('\n');
      return (
        <section key={index} aria-label={`Mapping ${index + 1}: ${mapping.mysql_table}`}>
          <h3 className="mb-1 text-sm font-semibold text-slate-900">
            Mapping {index + 1}: {mapping.mysql_table}
          </h3>
          <div className="grid gap-2 md:grid-cols-2">
            {[
              ['Current', left],
              ['Fixed', right],
            ].map(([label, lines]) => (
              <div key={label as string}>
                <p className="text-xs font-medium text-slate-600">{label}</p>
                <pre
                  tabIndex={0}
                  aria-label={`${label as string} mapping ${index + 1}`}
                  className="max-h-64 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-2 text-xs"
                >
                  {(lines as string[]).map((line, row) => (
                    <span
                      key={row}
                      className={`block ${line !== (label === 'Current' ? right : left)[row] ? (label === 'Current' ? 'bg-red-100' : 'bg-green-100') : ''}`}
                    >
                      {line}
                    </span>
                  ))}
                </pre>
              </div>
            ))}
          </div>
        </section>
      );
    })}
  </div>
);
