import { open, readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_LABELS,
  documentTypeOf,
  extensionOf,
  isAllowedExtension,
  type TDocumentType,
} from '@portal/domain/documents';
import { AppError } from '../../plugins/errors';

/** What file-type calls each allowed type's bytes. */
const DETECTED_AS: Record<TDocumentType, string> = {
  pdf: 'pdf',
  jpg: 'jpg',
  png: 'png',
  // Word 97-2003 is an OLE compound file (CFB); the Word stream is checked below.
  doc: 'cfb',
  // A ZIP holding [Content_Types].xml and word/ entries; file-type reads them.
  docx: 'docx',
};

const EXECUTABLES = new Set(['exe', 'elf', 'macho', 'dll', 'class', 'wasm', 'dex', 'msi']);
// The directory of a Word 97-2003 file names its main stream in UTF-16LE.
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

const readHead = async (filePath: string, bytes: number) => {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/** A reader's words for what the bytes really are. */
const describe = async (filePath: string, detected: string | undefined) => {
  if (detected && EXECUTABLES.has(detected)) {
    return 'an executable program';
  }
  if (detected) {
    return `a ${detected.toUpperCase()} file`;
  }
  const head = (await readHead(filePath, 1024)).toString('latin1').trimStart().toLowerCase();
  if (/^(#!|@echo|<\?php)/.test(head)) {
    return 'a script';
  }
  if (/<(!doctype|html|head|body|script|iframe|svg|meta|\?xml)/.test(head)) {
    return 'an HTML page';
  }
  return 'not a recognised document';
};

/**
 * The stored type of a staged upload, checked by its bytes, not its name: the name must
 * carry an allowed extension and the content must be that type. A PDF that is really an
 * executable or a web page is refused, whatever the browser called it.
 */
export const checkContent = async (
  filePath: string,
  name: string,
): Promise<{ fileType: TDocumentType; contentType: string }> => {
  if (!isAllowedExtension(name)) {
    throw new AppError('bad_request', DOCUMENT_MESSAGES.unsupported(name));
  }
  const fileType = documentTypeOf(extensionOf(name) as Parameters<typeof documentTypeOf>[0]);
  const detected = (await fileTypeFromFile(filePath))?.ext;
  const matches =
    detected === DETECTED_AS[fileType] &&
    (fileType !== 'doc' || (await readFile(filePath)).includes(WORD_STREAM));
  if (!matches) {
    const found =
      fileType === 'doc' && detected === 'cfb'
        ? 'an Office file without a Word document'
        : await describe(filePath, detected);
    throw new AppError(
      'bad_request',
      DOCUMENT_MESSAGES.contentMismatch(name, DOCUMENT_TYPE_LABELS[fileType], found),
    );
  }
  return { fileType, contentType: DOCUMENT_CONTENT_TYPES[fileType] };
};
