import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TDocument } from '@portal/domain/documents';
import { DocumentCards } from './document-cards';
import { DocumentTable } from './document-table';
import { UploadArea } from './upload-area';
import { UploadFileRow } from './upload-file-row';

const DOCUMENT: TDocument = {
  id: 'd1',
  file_name: 'cmn.pdf',
  file_type: 'pdf',
  content_type: 'application/pdf',
  size: 1200,
  description: 'Signed CMN',
  uploaded_by: 'Demo Case Manager',
  order_identifier: 'so-1',
  order_number: 'SO-1',
  order_key: 'O1',
  patient_key: 'PA-1',
  patient_name: 'Jane Smith',
  created_at: '2025-03-04T11:00:00.000Z',
};

describe('document library rows', () => {
  it('offers Delete only when a handler is given (the delete_documents permission)', () => {
    const onDownload = vi.fn();
    const { rerender } = render(
      <DocumentTable
        documents={[DOCUMENT]}
        loading={false}
        onDownload={onDownload}
        downloading={false}
      />,
    );
    const row = screen.getByTestId('document-row');
    expect(within(row).getByText('SO-1')).toBeTruthy();
    expect(within(row).getByText('Jane Smith')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Delete cmn.pdf' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Download cmn.pdf' }));
    expect(onDownload).toHaveBeenCalledWith(DOCUMENT);

    const onDelete = vi.fn();
    rerender(
      <DocumentCards
        documents={[DOCUMENT]}
        loading={false}
        onDownload={onDownload}
        onDelete={onDelete}
        downloading={false}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete cmn.pdf' }));
    expect(onDelete).toHaveBeenCalledWith(DOCUMENT);
  });
});

describe('upload area', () => {
  const file = (name: string, size: number) =>
    new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });

  it('refuses duplicates, formats, sizes and the sixth file, and asks for an order', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UploadArea />
      </QueryClientProvider>,
    );
    // The hint's example is an order number as the warehouse writes it, which the server takes.
    expect(screen.getByLabelText('Order number or patient name').getAttribute('placeholder')).toBe(
      'SO1020545 or Jane Smith',
    );
    const chooser = screen.getByLabelText('Choose files');
    fireEvent.change(chooser, {
      target: { files: [file('a.pdf', 10), file('b.exe', 10), file('c.png', 11 * 1024 * 1024)] },
    });
    expect(screen.getByTestId('upload-errors').textContent).toContain(
      'b.exe has an unsupported format. Allowed formats: pdf, jpg, jpeg, png, doc, docx.',
    );
    expect(screen.getByTestId('upload-errors').textContent).toContain(
      'c.png exceeds the maximum size of 10 MB.',
    );
    fireEvent.change(chooser, {
      target: {
        files: ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf', 'f.pdf'].map((name) => file(name, 1)),
      },
    });
    const errors = screen.getByTestId('upload-errors').textContent;
    expect(errors).toContain('File a.pdf already added.');
    expect(errors).toContain('Maximum 5 files allowed.');
    expect(screen.getAllByTestId('upload-item')).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Upload 5 files' }));
    expect(screen.getByTestId('upload-errors').textContent).toBe(
      'Please enter an order number or name.',
    );
  });

  it('shows each file’s status and progress', () => {
    render(
      <UploadFileRow
        item={{
          id: 'u1',
          file: file('scan.pdf', 2048),
          name: 'scan.pdf',
          size: 2048,
          progress: 40,
          status: 'uploading',
          order_identifier: 'SO-1',
        }}
        onRemove={() => {}}
        disabled={false}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Upload progress of scan.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByTestId('upload-status').textContent).toBe('Uploading');
    expect(screen.queryByRole('button', { name: 'Remove scan.pdf' })).toBeNull();
  });
});
