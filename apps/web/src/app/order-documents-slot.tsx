import { canOpen } from '@portal/domain/routes';
import type { TOrderDocumentsSlotProps } from '../components/slots/order-documents-slot';
import { OrderDocuments } from '../features/documents/components/order-documents';

/** The documents feature's list and upload, for the order detail of the patients feature. */
export const orderDocuments = (props: TOrderDocumentsSlotProps) => <OrderDocuments {...props} />;

/**
 * The slot's filling for a role: the order's documents come from the document library's API,
 * so a role the route table keeps off /documents (case_manager_admin) gets no Documents block
 * rather than a 403 in it.
 */
export const orderDocumentsFor = (role: string) =>
  canOpen(role, '/documents') ? orderDocuments : null;
