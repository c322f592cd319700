import { DELETE_DOCUMENTS_PERMISSION } from '@portal/domain/documents-rules';
import { PageHeading } from '../../../components/ui/page-heading';
import { Panel } from '../../../components/ui/panel';
import { DocumentLibrary } from './document-library';
import { UploadArea } from './upload-area';

/** /documents, 'Document Management': the upload area above the library. */
export const DocumentsPage = ({ permissions }: { permissions: readonly string[] }) => (
  <>
    <PageHeading title="Document Management" />
    <div className="space-y-6">
      <Panel aria-labelledby="upload-title">
        <h2 id="upload-title" className="mb-4 text-lg font-semibold text-slate-900">
          Upload Documents
        </h2>
        <UploadArea />
      </Panel>
      <DocumentLibrary canDelete={permissions.includes(DELETE_DOCUMENTS_PERMISSION)} />
    </div>
  </>
);
