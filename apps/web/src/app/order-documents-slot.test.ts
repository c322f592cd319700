import { describe, expect, it } from 'vitest';
import { orderDocuments, orderDocumentsFor } from './order-documents-slot';

describe('the order detail’s Documents block', () => {
  it.each(['admin', 'case_manager', 'customer_service'])('is drawn for %s', (role) => {
    expect(orderDocumentsFor(role)).toBe(orderDocuments);
  });

  it.each(['case_manager_admin', 'patient'])(
    'is left out for %s, whom the document API refuses',
    (role) => {
      expect(orderDocumentsFor(role)).toBeNull();
    },
  );
});
