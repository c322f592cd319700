import type { TAdminDocDetailResponse } from '@portal/domain/admin-docs-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { categoryLabel, formatTimestamp, richTextClass } from '../lib/display';
import { DocBadges } from './doc-badges';
import { VersionHistory } from './version-history';

type TProps = {
  detail: TAdminDocDetailResponse;
  onOpenVersion: (version: number | undefined) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One document: its details, its content, Edit and Delete, and its version history. */
export const DocView = ({ detail, onOpenVersion, onEdit, onDelete }: TProps) => {
  const { document: doc, latest_version: latest } = detail;
  const earlier = doc.version !== latest;
  return (
    <article aria-labelledby="doc-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="doc-title" className="text-xl font-bold break-words text-slate-900">
            {doc.title}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <DocBadges category={doc.category} isFixed={doc.is_fixed} />
            <span>Version {doc.version}</span>
          </div>
          <dl className="mt-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>Category:</dt>
              <dd>{categoryLabel(doc.category)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Updated by:</dt>
              <dd>{doc.updated_by}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Updated:</dt>
              <dd>
                <time dateTime={doc.updated_at}>{formatTimestamp(doc.updated_at)}</time>
              </dd>
            </div>
          </dl>
        </div>
        {!earlier && (
          <div className="flex gap-2">
            <Button onClick={onEdit}>Edit</Button>
            <Button variant="danger" onClick={onDelete}>
              Delete
            </Button>
          </div>
        )}
      </div>
      {earlier && (
        <div className="mt-4">
          <Alert tone="info">
            You are viewing version {doc.version}; the current version is {latest}.{' '}
            <Button
              variant="link"
              className="font-semibold underline"
              onClick={() => onOpenVersion(undefined)}
            >
              Back to the current version
            </Button>
          </Alert>
        </div>
      )}
      {doc.change_notes && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-medium">Change notes:</span> {doc.change_notes}
        </p>
      )}
      <div
        className={cn('mt-4 rounded-lg border border-slate-200 p-4 break-words', richTextClass)}
        // Safe to insert: the server stored this HTML only after its allow-list sanitiser
        // (modules/admin-docs/sanitiser.ts) removed every script, handler and foreign style.
        dangerouslySetInnerHTML={{ __html: doc.content }}
      />
      <VersionHistory
        history={detail.history}
        shown={doc.version}
        onOpen={(version) => onOpenVersion(version === latest ? undefined : version)}
      />
    </article>
  );
};
