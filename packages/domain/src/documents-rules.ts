/**
 * Document upload and library (staff-tools.md sections 2, 3, 5, 7, 8, 9): the limits both
 * the upload area and the server enforce and the messages they show, without zod, as the
 * upload area loads with the dashboard. documents.ts adds the API's shapes.
 */

/** The document component's limits (section 9): 10 MB a file, 5 files, six extensions. */
export const DOCUMENT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 5,
  extensions: ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'],
  /** Longest stored file name and description, in characters. */
  maxNameLength: 255,
  maxDescriptionLength: 500,
  maxIdentifierLength: 100,
} as const;

export type TDocumentExtension = (typeof DOCUMENT_LIMITS.extensions)[number];

/** What the library's type filter offers; jpg and jpeg are one type. */
export const DOCUMENT_TYPES = ['pdf', 'jpg', 'png', 'doc', 'docx'] as const;
export type TDocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<TDocumentType, string> = {
  pdf: 'PDF',
  jpg: 'JPEG image',
  png: 'PNG image',
  doc: 'Word 97-2003',
  docx: 'Word',
};

/** The MIME type a download is sent with, per stored type. */
export const DOCUMENT_CONTENT_TYPES: Record<TDocumentType, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** 10485760 → '10 MB'. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  if (bytes < 1024 * 1024) {
    return `${Math.round(bytes / 1024)} KB`;
  }
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
};

const allowedList = DOCUMENT_LIMITS.extensions.join(', ');

/** An order number as the ERP writes it ('SO' and the number, no hyphen), for hints. */
export const ORDER_NUMBER_EXAMPLE = 'SO1020545';

/**
 * The SO numbers a typed order number may mean. The warehouse writes 'SO1020545'; people
 * also type 'SO-1020545', 'so 1020545' or the number alone, so each spelling is looked up
 * (an ERP that writes the hyphen is matched too). Anything else is looked up as typed.
 */
export const orderNumberCandidates = (typed: string): string[] => {
  const text = typed.trim();
  const digits = /^(?:so)?[\s-]*(\d{1,20})$/i.exec(text)?.[1];
  return digits === undefined ? [text] : [...new Set([text, `SO${digits}`, `SO-${digits}`])];
};

/** The spec's texts (sections 5 and 8), with the file and limits filled in. */
export const DOCUMENT_MESSAGES = {
  identifierRequired: 'Please enter an order number or name.',
  duplicate: (name: string) => `File ${name} already added.`,
  tooLarge: (name: string) =>
    `${name} exceeds the maximum size of ${formatBytes(DOCUMENT_LIMITS.maxFileBytes)}.`,
  unsupported: (name: string) =>
    `${name} has an unsupported format. Allowed formats: ${allowedList}.`,
  tooMany: `Maximum ${DOCUMENT_LIMITS.maxFiles} files allowed.`,
  emptyFile: (name: string) => `${name} is empty.`,
  noFile: 'Please select a file to upload.',
  /** The name says one type, the bytes another: a renamed program or web page. */
  contentMismatch: (name: string, expected: string, found: string) =>
    `${name} was refused: its content is ${found}, not a ${expected} file.`,
  orderNotFound: (identifier: string) =>
    `No order or patient matches "${identifier}". Enter the order number (for example ${ORDER_NUMBER_EXAMPLE}) or the patient's full name.`,
  ambiguousName: (identifier: string) =>
    `More than one patient is named "${identifier}". Enter the order number instead.`,
  uploadFailed: (reason: string) => `Upload failed: ${reason}`,
  fileFailed: (name: string, reason: string) => `Failed to upload "${name}": ${reason}`,
  fetchFailed: 'Failed to fetch documents',
  downloadFailed: 'Failed to download document',
  deleteFailed: 'Failed to delete document',
  deleteConfirm: (name: string) => `Delete "${name}"? This cannot be undone.`,
  notFound: 'Document not found',
} as const;

/** The lower-case extension of a file name, or '' when it has none. */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
};

export const isAllowedExtension = (name: string): name is `${string}.${TDocumentExtension}` =>
  (DOCUMENT_LIMITS.extensions as readonly string[]).includes(extensionOf(name));

/** The library type of an allowed extension: jpeg is filed as jpg. */
export const documentTypeOf = (extension: TDocumentExtension): TDocumentType =>
  extension === 'jpeg' ? 'jpg' : extension;

/**
 * Control characters, bidirectional overrides (which can disguise 'exe.pdf' as 'fdp.exe')
 * and path parts are dropped; the name is only ever data, never a path.
 */
const UNSAFE_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A file name as a browser sends it in multipart/form-data: the HTML standard has it write
 * '"' as %22 and line breaks as %0D and %0A, so 'cmn "final".pdf' arrives as
 * 'cmn %22final%22.pdf'. Those three are turned back (cleanFileName then drops the breaks).
 */
export const decodeFormFileName = (sent: string): string =>
  sent.replace(/%22|%0D|%0A/g, (escape) =>
    escape === '%22' ? '"' : escape === '%0D' ? '\r' : '\n',
  );

export const cleanFileName = (raw: string): string => {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_NAME_CHARACTERS, '').trim();
  if (cleaned.length <= DOCUMENT_LIMITS.maxNameLength) {
    return cleaned;
  }
  // Keep the extension when a long name is shortened.
  const extension = extensionOf(cleaned);
  const keep = DOCUMENT_LIMITS.maxNameLength - (extension ? extension.length + 1 : 0);
  return extension ? `${cleaned.slice(0, keep)}.${extension}` : cleaned.slice(0, keep);
};

export type TCandidateFile = { name: string; size: number };

/**
 * The upload area's checks for files being added to those already listed: each accepted
 * file, and a message for each refused one (section 5's rules, in the spec's words).
 */
export const checkNewFiles = <TFile extends TCandidateFile>(
  listed: readonly TCandidateFile[],
  added: readonly TFile[],
): { accepted: TFile[]; errors: string[] } => {
  const accepted: TFile[] = [];
  const errors: string[] = [];
  const names = new Set(listed.map((file) => file.name));
  for (const file of added) {
    if (names.has(file.name)) {
      errors.push(DOCUMENT_MESSAGES.duplicate(file.name));
    } else if (!isAllowedExtension(file.name)) {
      errors.push(DOCUMENT_MESSAGES.unsupported(file.name));
    } else if (file.size > DOCUMENT_LIMITS.maxFileBytes) {
      errors.push(DOCUMENT_MESSAGES.tooLarge(file.name));
    } else if (file.size === 0) {
      errors.push(DOCUMENT_MESSAGES.emptyFile(file.name));
    } else if (listed.length + accepted.length >= DOCUMENT_LIMITS.maxFiles) {
      if (!errors.includes(DOCUMENT_MESSAGES.tooMany)) {
        errors.push(DOCUMENT_MESSAGES.tooMany);
      }
    } else {
      names.add(file.name);
      accepted.push(file);
    }
  }
  return { accepted, errors };
};

/** Upload file status (section 4). */
export const UPLOAD_STATUSES = ['ready', 'uploading', 'processing', 'success', 'error'] as const;
export type TUploadStatus = (typeof UPLOAD_STATUSES)[number];

/** The permission DELETE /api/documents/{id} needs (section 6). */
export const DELETE_DOCUMENTS_PERMISSION = 'delete_documents';

/** A library search worth sending: trimmed, and empty or 2+ characters (section 9). */
export const normalizeSearchText = (value: string): string | undefined => {
  const text = value.trim();
  return text.length === 0 ? undefined : text.length >= 2 ? text : undefined;
};
