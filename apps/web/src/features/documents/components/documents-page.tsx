import { DELETE_DOCUMENTS_PERMISSION } from '@portal/domain/documents-rules';
import { PageHeading } from '../../../components/ui/page-heading';
import { panelClass } from '../lib/ui-classes';
import { DocumentLibrary } from './document-library';
import { UploadArea } from './upload-area';

/** /documents, 'Document Management': the upload area above the library. */
export const DocumentsPage = ({ permissions }: { permissions: readonly string[] }) => (
  <>
    <PageHeading title="Document Management" />
    <div className="space-y-6">
      <section aria-labelledby="upload-title" className={panelClass}>
        <h2 id="upload-title" className="mb-4 text-lg font-semibold text-slate-900">
          Upload Documents
        </h2>
        <UploadArea />
      </section>
      <DocumentLibrary canDelete={permissions.includes(DELETE_DOCUMENTS_PERMISSION)} />
    </div>
  </>
);
