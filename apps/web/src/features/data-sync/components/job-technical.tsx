import type { TSyncJob } from '@portal/domain/data-sync-api';

/**
 * For admins: the job record's own values behind the plain labels (engine names, the job
 * type and the full id), folded away so the dialog reads in words first.
 */
export const JobTechnical = ({ job }: { job: TSyncJob }) => {
  const rows: [string, string][] = [
    ['id', job.id],
    ['type', job.type],
    ['source', job.source],
    ['destination', job.destination],
    ...(job.mysql_table ? ([['mysql_table', job.mysql_table]] as [string, string][]) : []),
  ];
  return (
    <details className="rounded-lg border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">Technical names</summary>
      <dl className="mt-2 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 font-mono text-xs">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-600">{name}</dt>
            <dd className="break-all text-slate-900" data-testid={`technical-${name}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
};
