/**
 * The document calls' payloads (POST /api/presigned-url, POST/GET/DELETE
 * /api/pdf/document-answer/{key}, DELETE /api/document-answer/{key}) and the rules of a file's
 * name, which the upload checks too. A field that is missing gets its own rule's message.
 */
import * as v from 'valibot';
import {
  ANY_CONTROL_CHARACTER_PATTERN,
  BIDI_CONTROL_PATTERN,
  FILE_MESSAGES,
  FILE_NAME_MAX_LENGTH,
  FILE_TYPES,
  LINE_BREAK_PATTERN,
} from '../limits';
import { DOCUMENT_KEYS } from '../questions';

/** What the server answers a document call that does not say what it needs. */
export const DOCUMENT_REQUEST_MESSAGES = {
  unknownQuestion: (key: string) => `${key} is not a question that takes a document.`,
  fileKeyRequired: 'file_key is required.',
  fileNameRequired: 'file_name is required.',
  fileNameCharacters: 'Your file name contains characters that are not allowed. Please rename the file and try again.',
} as const;

/** The payload's named fields, each present (undefined when not sent), so a missing one is checked by its own rule. */
const fields = <TEntries extends v.ObjectEntries>(entries: TEntries) =>
  v.pipe(
    v.looseObject({}),
    v.transform((payload) => Object.fromEntries(Object.keys(entries).map((name) => [name, payload[name]]))),
    v.object(entries),
  );

/** A question that takes a document; the message names what was sent when it is a word or a number. */
/** A document question's answer key; any other names no document question. */
export const documentKey = v.picklist(DOCUMENT_KEYS, (issue) =>
  DOCUMENT_REQUEST_MESSAGES.unknownQuestion(typeof issue.input === 'string' || typeof issue.input === 'number' ? String(issue.input) : ''),
);

const MISLEADING_CHARACTERS = [ANY_CONTROL_CHARACTER_PATTERN, LINE_BREAK_PATTERN, BIDI_CONTROL_PATTERN];

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/**
 * A file's name, in the order an applicant fixes it: given, free of path separators and of
 * characters that make it read as something else (control characters of every kind, line breaks,
 * text-direction characters, with which `cv\u202excod.pdf` reads like another type), one of the
 * allowed types, and not too long.
 */
const fileNameSchema = v.config(
  v.pipe(
    v.string(DOCUMENT_REQUEST_MESSAGES.fileNameRequired),
    v.check((name) => name.trim() !== '', DOCUMENT_REQUEST_MESSAGES.fileNameRequired),
    v.check(
      (name) => !/[/\\]/.test(name) && !MISLEADING_CHARACTERS.some((pattern) => pattern.test(name)),
      DOCUMENT_REQUEST_MESSAGES.fileNameCharacters,
    ),
    v.check((name) => (FILE_TYPES as readonly string[]).includes(extensionOf(name)), FILE_MESSAGES.wrongType),
    v.maxLength(FILE_NAME_MAX_LENGTH, FILE_MESSAGES.nameTooLong),
  ),
  // One problem at a time, the first the applicant has to fix.
  { abortPipeEarly: true },
);

/** The first problem with a file's name, or undefined when it is acceptable. */
export function fileNameProblem(name: string): string | undefined {
  const result = v.safeParse(fileNameSchema, name);
  return result.success ? undefined : result.issues[0].message;
}

/** POST /api/presigned-url: the question the upload is for. */
export const presignSchema = fields({ answer_key: documentKey });

/** The calls on one question's document: the key in the path. */
export const documentKeySchema = fields({ key: documentKey });

/** POST /api/pdf/document-answer/{key}: the uploaded file's object key and the name the applicant gave it. */
export const conversionSchema = fields({
  key: documentKey,
  file_key: v.pipe(v.string(DOCUMENT_REQUEST_MESSAGES.fileKeyRequired), v.nonEmpty(DOCUMENT_REQUEST_MESSAGES.fileKeyRequired)),
  file_name: fileNameSchema,
});

/**
 * A private file's download link (a document's PDF, the PDF copy): its ticket and, for staff, the
 * staff link. Nothing here refuses: a link that cannot be read is answered as one that does not exist.
 */
export const downloadQuerySchema = v.object({
  ticket: v.fallback(v.string(), ''),
  service_token: v.fallback(v.optional(v.string()), undefined),
});
