import type { TMappingInput } from '@portal/domain/sync-mapping';
import { loadText, mappingSteps, mappingTypeText, type TMappingStep } from '../lib/mapping-text';

const Changed = () => (
  <span className="ml-1 rounded bg-slate-100 px-1 text-xs font-medium text-slate-700">changed</span>
);

/** A mapping's steps in words; lines that differ from the other side are marked. */
const StepList = ({
  label,
  steps,
  other,
  mark,
}: {
  label: string;
  steps: TMappingStep[];
  other: TMappingStep[];
  mark: string;
}) => (
  <ol aria-label={label} className="list-decimal space-y-1 pl-5 text-sm break-words text-slate-800">
    {steps.map((step, index) => {
      const changed = step.text !== other[index]?.text;
      return (
        <li key={index}>
          <span className={changed ? mark : undefined}>{step.text}</span>
          {changed && <Changed />}
          {step.items && (
            <ul className="mt-1 list-disc space-y-0.5 pl-5 font-mono text-xs">
              {step.items.map((item, row) => {
                const itemChanged = item !== other[index]?.items?.[row];
                return (
                  <li key={row}>
                    <span className={itemChanged ? mark : undefined}>{item}</span>
                    {itemChanged && <Changed />}
                  </li>
                );
              })}
            </ul>
          )}
        </li>
      );
    })}
  </ol>
);

/**
 * Before and after, one mapping at a time, in words: its table, what kind it is, how it
 * loads, and its operations as a list with changed lines marked. The raw JSON stays one
 * click away ('Show JSON') for whoever edits mappings.
 */
export const MappingCompare = ({
  before,
  after,
}: {
  before: readonly TMappingInput[];
  after: readonly TMappingInput[];
}) => (
  <div className="space-y-6">
    {before.map((mapping, index) => {
      const fixed = after[index] ?? mapping;
      const current = mappingSteps(mapping);
      const next = mappingSteps(fixed);
      const n = index + 1;
      return (
        <section key={index} aria-label={`Mapping ${n}: ${mapping.mysql_table}`}>
          <h3 className="text-sm font-semibold text-slate-900">
            Mapping {n}: {mapping.mysql_table}
          </h3>
          <p className="mb-2 text-xs text-slate-600">
            {mappingTypeText(mapping)} · {loadText(mapping)}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <h4 className="mb-1 text-xs font-semibold text-slate-600 uppercase">Current</h4>
              <StepList
                label={`Current mapping ${n}`}
                steps={current}
                other={next}
                mark="rounded bg-red-100 px-0.5"
              />
            </div>
            <div>
              <h4 className="mb-1 text-xs font-semibold text-slate-600 uppercase">Fixed</h4>
              <StepList
                label={`Fixed mapping ${n}`}
                steps={next}
                other={current}
                mark="rounded bg-green-100 px-0.5"
              />
            </div>
          </div>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer font-medium text-slate-700">Show JSON</summary>
            <div className="mt-2 grid gap-2 md:grid-cols-2">
              {(
                [
                  ['Current', mapping],
                  ['Fixed', fixed],
                ] as const
              ).map(([label, value]) => (
                <pre
                  key={label}
                  tabIndex={0}
                  aria-label={`${label} mapping ${n} as JSON`}
                  className="max-h-64 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-2 text-xs"
                >
                  {JSON.stringify(value, null, 2)}
                </pre>
              ))}
            </div>
          </details>
        </section>
      );
    })}
  </div>
);
