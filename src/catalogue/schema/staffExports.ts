/**
 * The admins' exports of the filtered list: the ZIP of the PDF copies (and, as a choice, the
 * documents) of every application the list's filters find. The filters are the list's own, rule
 * for rule (./staffApplications.ts), without its paging.
 */
import * as v from 'valibot';
import { applicationListQuery } from './staffApplications';

export const STAFF_EXPORT_MESSAGES = {
  filters: 'The filters must be an object: status, submitted_from, submitted_to, q, sort, order.',
  includeDocuments: 'include_documents must be true or false.',
  export: 'This export does not exist.',
  notReady: 'This ZIP is not ready yet.',
  failed: 'The ZIP could not be made. Please ask for it again.',
  tooMany: 'Two of your ZIP exports are still being made. Please wait until one is finished.',
} as const;

/** POST /api/staff/exports/zip */
export const zipExportBody = v.object({
  filters: v.optional(v.object(v.omit(applicationListQuery, ['page', 'page_size']).entries, STAFF_EXPORT_MESSAGES.filters), {}),
  include_documents: v.optional(v.boolean(STAFF_EXPORT_MESSAGES.includeDocuments), false),
});
export type ZipExportInput = v.InferOutput<typeof zipExportBody>;

/** GET /api/staff/exports/zip/{job} and its download: the export's job number. */
export const zipExportPath = v.object({
  job: v.pipe(v.string(STAFF_EXPORT_MESSAGES.export), v.regex(/^[1-9]\d{0,14}$/, STAFF_EXPORT_MESSAGES.export), v.transform(Number)),
});
