import { useCheckAuth } from '../features/auth/api/check-auth';
import { DocumentsPage } from '../features/documents/components/documents-page';

/** /documents with the session's permissions handed in (features do not read each other). */
export const DocumentsRoute = () => {
  const user = useCheckAuth().data?.user;
  return user ? <DocumentsPage permissions={user.permissions} /> : null;
};
