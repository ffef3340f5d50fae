import { fileTypeFromBuffer } from 'file-type';
import { FILE_MAX_BYTES } from '../../src/catalogue/limits';
import type { DocumentFileType } from '../../db/documents';
import { ZipRefused, readZipDirectory } from './docxZip';
import { exceedsImageLimits, readImageHeader } from './imageHeader';
import { DOCUMENT_MESSAGES } from './messages';

/**
 * The file rules on the server: at most 1 MB, not empty, and a .png, .jpeg, .jpg, .pdf or .docx
 * (the name's rules are the catalogue's `fileNameProblem`, checked as the applicant gave it). The type is
 * decided by the bytes (magic numbers), never by the name or the declared Content-Type, so a zip
 * renamed .png is refused and a PDF renamed .jpg is converted as the PDF it is.
 */

const TYPE_BY_MIME: Readonly<Record<string, DocumentFileType>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export const CONTENT_TYPE_OF: Readonly<Record<DocumentFileType, string>> = Object.fromEntries(
  Object.entries(TYPE_BY_MIME).map(([mime, type]) => [type, mime]),
) as Record<DocumentFileType, string>;

export type ContentVerdict = { ok: true; type: DocumentFileType } | { ok: false; message: string };

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Size, then real type; a zip's directory is read before anything unpacks it, and a picture's
 * header before anything decodes it (a few bytes declare how large it unpacks).
 */
export async function inspectFileContent(bytes: Uint8Array): Promise<ContentVerdict> {
  if (bytes.length === 0) return { ok: false, message: DOCUMENT_MESSAGES.empty };
  if (bytes.length > FILE_MAX_BYTES) return { ok: false, message: DOCUMENT_MESSAGES.tooLarge };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buffer.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    try {
      await readZipDirectory(buffer);
    } catch (error) {
      if (error instanceof ZipRefused && error.reason === 'too-large') return { ok: false, message: DOCUMENT_MESSAGES.docxTooLarge };
      if (error instanceof ZipRefused && error.reason === 'xml-too-large') return { ok: false, message: DOCUMENT_MESSAGES.docxXmlTooLarge };
      return { ok: false, message: DOCUMENT_MESSAGES.wrongType };
    }
  }
  let mime: string | undefined;
  try {
    mime = (await fileTypeFromBuffer(buffer))?.mime;
  } catch {
    mime = undefined;
  }
  const type = mime === undefined ? undefined : TYPE_BY_MIME[mime];
  if (!type) return { ok: false, message: DOCUMENT_MESSAGES.wrongType };
  if (type === 'png' || type === 'jpeg') {
    // An unreadable header is left to the conversion, which says so; only a readable, too large one is refused here.
    const header = readImageHeader(buffer);
    if (header && exceedsImageLimits(header)) return { ok: false, message: DOCUMENT_MESSAGES.imageTooLarge(header.width, header.height) };
  }
  return { ok: true, type };
}
