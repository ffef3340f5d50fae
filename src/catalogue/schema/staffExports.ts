/**
 * The admins' exports of the filtered list: a file (CSV, Excel, JSON) of exactly the rows the
 * list's filters show, in the list's order, with the columns the admin chose
 * (POST /api/staff/exports); and the ZIP of the PDF copies (and, as a choice, the documents) of
 * every application the filters find (POST /api/staff/exports/zip). The filters are the list's own,
 * rule for rule (./staffApplications.ts), without its paging: every page is exported.
 */
import * as v from 'valibot';
import { QUESTIONS } from '../questions';
import { APPLICATION_COLUMNS, applicationListQuery } from './staffApplications';

const EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Every question's answer, under its key, in the catalogue's order: the answer columns of every export. */
export const ANSWER_COLUMNS: readonly string[] = QUESTIONS.map((question) => question.key);
const KNOWN_COLUMNS: ReadonlySet<string> = new Set([...APPLICATION_COLUMNS, ...ANSWER_COLUMNS]);

export const STAFF_EXPORT_MESSAGES = {
  format: 'The format must be csv, xlsx or json.',
  columns: 'Choose at least one column, each a column of the list or a question of the application.',
  unknownColumns: (columns: readonly string[]) => `No such column: ${columns.join(', ')}.`,
  includeSensitive: 'include_sensitive must be true or false.',
  filters: 'The filters must be an object: status, submitted_from, submitted_to, q, sort, order.',
  includeDocuments: 'include_documents must be true or false.',
  export: 'This export does not exist.',
  notReady: 'This ZIP is not ready yet.',
  failed: 'The ZIP could not be made. Please ask for it again.',
  tooMany: 'Two of your ZIP exports are still being made. Please wait until one is finished.',
} as const;

const unknownColumns = (columns: readonly string[]) => columns.filter((column) => !KNOWN_COLUMNS.has(column));

/** The list's filters and order, by the same rules as its address. */
const exportFilters = v.optional(v.object(v.omit(applicationListQuery, ['page', 'page_size']).entries, STAFF_EXPORT_MESSAGES.filters), {});

/** POST /api/staff/exports */
export const exportRequestSchema = v.object({
  format: v.picklist(EXPORT_FORMATS, STAFF_EXPORT_MESSAGES.format),
  columns: v.pipe(
    v.array(v.string(STAFF_EXPORT_MESSAGES.columns), STAFF_EXPORT_MESSAGES.columns),
    v.minLength(1, STAFF_EXPORT_MESSAGES.columns),
    v.maxLength(KNOWN_COLUMNS.size, STAFF_EXPORT_MESSAGES.columns),
    v.check(
      (columns) => unknownColumns(columns).length === 0,
      (issue) => STAFF_EXPORT_MESSAGES.unknownColumns(unknownColumns(issue.input)),
    ),
    // A column chosen twice is written once, where it was first chosen.
    v.transform((columns) => [...new Set(columns)]),
  ),
  filters: exportFilters,
  include_sensitive: v.optional(v.boolean(STAFF_EXPORT_MESSAGES.includeSensitive), false),
});
export type ExportRequest = v.InferOutput<typeof exportRequestSchema>;

/** POST /api/staff/exports/zip */
export const zipExportBody = v.object({
  filters: exportFilters,
  include_documents: v.optional(v.boolean(STAFF_EXPORT_MESSAGES.includeDocuments), false),
});
export type ZipExportInput = v.InferOutput<typeof zipExportBody>;

/** GET /api/staff/exports/zip/{job} and its download: the export's job number. */
export const zipExportPath = v.object({
  job: v.pipe(v.string(STAFF_EXPORT_MESSAGES.export), v.regex(/^[1-9]\d{0,14}$/, STAFF_EXPORT_MESSAGES.export), v.transform(Number)),
});
