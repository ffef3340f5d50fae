/**
 * A small, bounded multipart/form-data reader for the presigned-POST upload: text fields, then
 * one file, as S3 expects (fields after the file are ignored, as S3 ignores them). It buffers at
 * most `maxBytes` and stops reading beyond that, reporting the form as truncated so the caller can
 * still check the policy in the leading fields and refuse the file as too large.
 */

interface UploadedFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Map<string, string>;
  file: UploadedFile | undefined;
  /** The body was longer than the limit; the file (if any) is incomplete. */
  truncated: boolean;
}

export class MultipartError extends Error {}

const MAX_FIELDS = 32;
const MAX_FIELD_BYTES = 16 * 1024;
const MAX_HEADER_BYTES = 4 * 1024;

export function boundaryOf(contentType: string): string | undefined {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

export async function readMultipartForm(body: AsyncIterable<Buffer>, contentType: string, maxBytes: number): Promise<MultipartForm> {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new MultipartError('not multipart/form-data');
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of body) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { ...parseMultipart(Buffer.concat(chunks, size), boundary, truncated), truncated };
}

export function parseMultipart(body: Buffer, boundary: string, truncated = false): Omit<MultipartForm, 'truncated'> {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = new Map<string, string>();
  let position = body.indexOf(delimiter);
  if (position < 0) throw new MultipartError('no boundary');
  for (let parts = 0; ; parts++) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString() === '--') break;
    if (body.subarray(position, position + 2).toString() !== '\r\n') throw new MultipartError('bad delimiter line');
    position += 2;
    if (parts >= MAX_FIELDS) throw new MultipartError('too many parts');
    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd < 0 || headerEnd - position > MAX_HEADER_BYTES) throw new MultipartError('bad part headers');
    const headers = parseHeaders(body.subarray(position, headerEnd).toString('utf8'));
    const contentStart = headerEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), contentStart);
    const disposition = parseDisposition(headers.get('content-disposition') ?? '');
    if (!disposition.name) throw new MultipartError('part without a name');
    if (disposition.fileName !== undefined) {
      // The file is the last part S3 reads; a cut-off body ends inside it.
      if (next < 0 && !truncated) throw new MultipartError('unterminated file');
      const bytes = body.subarray(contentStart, next < 0 ? body.length : next);
      return {
        fields,
        file: { fieldName: disposition.name, fileName: disposition.fileName, contentType: headers.get('content-type') ?? '', bytes },
      };
    }
    if (next < 0) throw new MultipartError('unterminated field');
    if (next - contentStart > MAX_FIELD_BYTES) throw new MultipartError('field too long');
    if (fields.has(disposition.name)) throw new MultipartError('repeated field');
    fields.set(disposition.name, body.subarray(contentStart, next).toString('utf8'));
    position = next + 2;
  }
  return { fields, file: undefined };
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function parseDisposition(value: string): { name?: string; fileName?: string } {
  if (!/^form-data\b/i.test(value)) return {};
  const params = new Map<string, string>();
  for (const match of value.matchAll(/;\s*([A-Za-z*]+)=(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    params.set(match[1]!.toLowerCase(), (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1'));
  }
  const encoded = params.get('filename*');
  let fileName = params.get('filename');
  if (encoded) {
    const utf8 = /^utf-8''(.*)$/i.exec(encoded)?.[1];
    if (utf8 !== undefined) {
      try {
        fileName = decodeURIComponent(utf8);
      } catch {
        /* keep the plain filename */
      }
    }
  }
  return { name: params.get('name'), fileName };
}
