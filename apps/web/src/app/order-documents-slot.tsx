import type { TOrderDocumentsSlotProps } from '../components/slots/order-documents-slot';
import { OrderDocuments } from '../features/documents/components/order-documents';

/** The documents feature's list and upload, for the order detail of the patients feature. */
export const orderDocuments = (props: TOrderDocumentsSlotProps) => <OrderDocuments {...props} />;
