import { createContext, type ReactNode } from 'react';

export type TOrderDocumentsSlotProps = {
  orderKey: string;
  soNumber: string | null;
  patientKey: string | null;
};

/**
 * What an order's detail shows under 'Documents'. The patients feature draws the order and
 * the documents feature owns the list and the upload; features do not import each other, so
 * app/ hands in a function that draws the documents component. Nothing provided, no Documents block.
 */
export const OrderDocumentsSlot = createContext<
  ((props: TOrderDocumentsSlotProps) => ReactNode) | null
>(null);
