import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  checkNewFiles,
  ORDER_NUMBER_EXAMPLE,
  cleanFileName,
  decodeFormFileName,
  extensionOf,
  formatBytes,
  orderNumberCandidates,
} from './documents';

const MB = 1024 * 1024;

describe('document upload rules', () => {
  it('speaks the spec’s messages with the limits filled in', () => {
    expect(DOCUMENT_MESSAGES.tooLarge('scan.pdf')).toBe(
      'scan.pdf exceeds the maximum size of 10 MB.',
    );
    expect(DOCUMENT_MESSAGES.unsupported('a.exe')).toBe(
      'a.exe has an unsupported format. Allowed formats: pdf, jpg, jpeg, png, doc, docx.',
    );
    expect(DOCUMENT_MESSAGES.tooMany).toBe('Maximum 5 files allowed.');
    expect(DOCUMENT_MESSAGES.duplicate('a.pdf')).toBe('File a.pdf already added.');
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(DOCUMENT_LIMITS.maxFileBytes)).toBe('10 MB');
  });

  it('accepts allowed files and refuses duplicates, formats, sizes and the sixth file', () => {
    const listed = [{ name: 'a.pdf', size: 10 }];
    const { accepted, errors } = checkNewFiles(listed, [
      { name: 'a.pdf', size: 10 },
      { name: 'b.PNG', size: 10 },
      { name: 'c.exe', size: 10 },
      { name: 'd.docx', size: 10 * MB + 1 },
      { name: 'e.doc', size: 10 * MB },
      { name: 'f.jpeg', size: 1 },
      { name: 'g.jpg', size: 1 },
      { name: 'h.pdf', size: 1 },
      { name: 'i.pdf', size: 1 },
    ]);
    expect(accepted.map((file) => file.name)).toEqual(['b.PNG', 'e.doc', 'f.jpeg', 'g.jpg']);
    expect(errors).toEqual([
      'File a.pdf already added.',
      'c.exe has an unsupported format. Allowed formats: pdf, jpg, jpeg, png, doc, docx.',
      'd.docx exceeds the maximum size of 10 MB.',
      'Maximum 5 files allowed.',
    ]);
  });

  it('refuses the same name twice within one drop', () => {
    const { accepted, errors } = checkNewFiles(
      [],
      [
        { name: 'x.pdf', size: 1 },
        { name: 'x.pdf', size: 2 },
      ],
    );
    expect(accepted).toHaveLength(1);
    expect(errors).toEqual(['File x.pdf already added.']);
  });

  it('keeps a file name as data: no path, no control or bidi characters', () => {
    expect(cleanFileName('C:\\fakepath\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanFileName('in\u0000voice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const long = cleanFileName(`${'a'.repeat(300)}.docx`);
    expect(long).toHaveLength(255);
    expect(extensionOf(long)).toBe('docx');
    expect(extensionOf('.pdf')).toBe('');
    expect(extensionOf('noext')).toBe('');
  });

  it('reads back the quotes and line breaks a browser escapes in a multipart file name', () => {
    expect(decodeFormFileName('cmn %22final%22.pdf')).toBe('cmn "final".pdf');
    expect(cleanFileName(decodeFormFileName('a%0D%0Ab.pdf'))).toBe('ab.pdf');
    // Only the three escapes the HTML standard makes; other percent signs are the user's.
    expect(decodeFormFileName('100%25 done %41.pdf')).toBe('100%25 done %41.pdf');
  });
});

describe('order numbers', () => {
  it('looks a typed number up with and without the hyphen, and as SO plus digits', () => {
    expect(orderNumberCandidates(' SO1020545 ')).toEqual(['SO1020545', 'SO-1020545']);
    expect(orderNumberCandidates('SO-1020545')).toEqual(['SO-1020545', 'SO1020545']);
    expect(orderNumberCandidates('so 1020545')).toEqual(['so 1020545', 'SO1020545', 'SO-1020545']);
    expect(orderNumberCandidates('1020545')).toEqual(['1020545', 'SO1020545', 'SO-1020545']);
    // Anything else (a name, another ERP's number) is looked up as typed.
    expect(orderNumberCandidates('Jane Smith')).toEqual(['Jane Smith']);
    expect(orderNumberCandidates('SO-O1')).toEqual(['SO-O1']);
  });

  it('gives an example in the form the warehouse writes', () => {
    expect(ORDER_NUMBER_EXAMPLE).toMatch(/^SO\d{7}$/);
    expect(DOCUMENT_MESSAGES.orderNotFound('x')).toContain(`(for example ${ORDER_NUMBER_EXAMPLE})`);
  });
});
