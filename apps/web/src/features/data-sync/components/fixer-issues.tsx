import type { TCaseIssue } from '@portal/domain/case-fixer';
import type { TMappingInput } from '@portal/domain/sync-mapping';
import { Button } from '../../../components/ui/button';

type TFixerIssuesProps = {
  issues: readonly TCaseIssue[];
  showCode: boolean;
  fixed: readonly TMappingInput[];
  /** The failure the fixer was opened for, kept in view when there is nothing to fix. */
  error?: string | undefined;
  /** Opens the Sync Error dialog for that failure. */
  onShowError?: (() => void) | undefined;
};

/** Nothing to fix: said plainly, with the failure and the way on to the Sync Error dialog. */
const NothingToFix = ({ error, onShowError }: Pick<TFixerIssuesProps, 'error' | 'onShowError'>) => (
  <div className="space-y-3 py-4 text-sm text-slate-700">
    <p className="text-center">
      Nothing to fix: every key column, name and flag is already upper case
      {error ? ', and no identifier the error names is written in another case.' : '.'}
    </p>
    {error && (
      <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
        <p className="font-semibold">The error this run failed with</p>
        <p className="break-words">{error}</p>
      </div>
    )}
    {onShowError && (
      <div className="flex justify-center">
        <Button variant="primary" onClick={onShowError}>
          Open the Sync Error dialog
        </Button>
      </div>
    )}
  </div>
);

/** Each issue with its place, what is written and what the fix writes; warnings have no fix. */
export const FixerIssues = ({ issues, showCode, fixed, error, onShowError }: TFixerIssuesProps) => (
  <div className="space-y-3">
    {issues.length === 0 ? (
      <NothingToFix error={error} onShowError={onShowError} />
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
