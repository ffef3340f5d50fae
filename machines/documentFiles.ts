import { FILE_MAX_BYTES, FILE_MESSAGES, FILE_NAME_MAX_LENGTH, FILE_TYPES, MAX_FILES } from '../src/catalogue/limits';

/*
 * The pure parts of the document question, kept apart from documentMachine.ts so the machine
 * file stays readable: the texts the views show, the file rules and the size display.
 */

/** Texts of the document question; the views import them from here. */
export const DOCUMENT_MESSAGES = {
  notLoggedIn: 'This question can be finished once you have created an account.',
  deleteTitle: 'Delete File',
  deleteQuestion: 'Are you sure you want to delete your file?',
  cancel: 'Cancel',
  delete: 'Delete',
  attachedNote: 'document attached',
  errorTitle: 'Error',
  uploadFailed: (answerKey: string) => `Error uploading file for ${answerKey}`,
  // The applicant downloads the PDF of their own document; the spec gives no wording.
  downloadFailed: (fileName: string) => `We could not download ${fileName}. Please try again.`,
  // The specification asks for one file at a time but gives no wording.
  oneFile: 'Please upload one file at a time.',
} as const;

/** What the question shows once a document exists: the name and the size. */
export interface DocumentInfo {
  file_name: string;
  file_size: number;
}

/** Only what the question shows: the server's answer may carry more (its status…). */
export const shown = (doc: DocumentInfo | null | undefined): DocumentInfo | null =>
  doc ? { file_name: doc.file_name, file_size: doc.file_size } : null;

/** Sizes are displayed with no decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** The file upload rules, in the order a user fixes them; null when acceptable. */
export function fileProblem(files: readonly File[]): string | null {
  const [file] = files;
  if (files.length > MAX_FILES || !file) return DOCUMENT_MESSAGES.oneFile;
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > FILE_MAX_BYTES) return FILE_MESSAGES.tooLarge;
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!(FILE_TYPES as readonly string[]).includes(extension)) return FILE_MESSAGES.wrongType;
  if (file.name.length > FILE_NAME_MAX_LENGTH) return FILE_MESSAGES.nameTooLong;
  return null;
}
