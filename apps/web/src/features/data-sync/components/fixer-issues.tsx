import type { TCaseIssue } from '@portal/domain/case-fixer';
import type { TMappingInput } from '@portal/domain/sync-mapping';

type TFixerIssuesProps = {
  issues: readonly TCaseIssue[];
  showCode: boolean;
  fixed: readonly TMappingInput[];
};

/** Each issue with its place, what is written and what the fix writes; warnings have no fix. */
export const FixerIssues = ({ issues, showCode, fixed }: TFixerIssuesProps) => (
  <div className="space-y-3">
    {issues.length === 0 ? (
      <p className="py-4 text-center text-sm text-slate-600">
        Every key column, name and flag is already upper case.
      </p>
    ) : (
      <ul className="max-h-80 space-y-2 overflow-y-auto" aria-label="Issues">
        {issues.map((issue, index) => (
          <li
            key={index}
            data-testid="case-issue"
            className={`rounded-lg border p-3 text-sm ${
              issue.severity === 'warning' ? 'border-amber-200 bg-amber-50' : 'border-slate-200'
            }`}
          >
            <p className="font-medium text-slate-900">
              {issue.mysqlTable} (mapping {issue.mappingIndex + 1}): {issue.location}
            </p>
            {issue.after === null ? (
              <p className="text-amber-900">
                Warning: the column source is an object, not a column name:{' '}
                <code>{issue.before}</code>
              </p>
            ) : (
              <p className="break-all">
                <code className="rounded bg-red-50 px-1 text-red-800">{issue.before}</code>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> becomes </span>
                <code className="rounded bg-green-50 px-1 text-green-800">{issue.after}</code>
              </p>
            )}
          </li>
        ))}
      </ul>
    )}
    {showCode && (
      <pre
        data-testid="fixed-code"
        tabIndex={0}
        aria-label="Fixed mappings"
        className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100"
      >
        {JSON.stringify(fixed, null, 2)}
      </pre>
    )}
  </div>
);
