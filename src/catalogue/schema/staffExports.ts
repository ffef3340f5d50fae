/**
 * An export of the staff list (POST /api/staff/exports): a file of exactly the rows the list's
 * filters show, in the list's order, with the columns the admin chose.
 */
import * as v from 'valibot';
import { QUESTIONS } from '../questions';
import { APPLICATION_COLUMNS, applicationListQuery } from './staffApplications';

const EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Every question's answer, under its key, in the catalogue's order: the answer columns of every export. */
export const ANSWER_COLUMNS: readonly string[] = QUESTIONS.map((question) => question.key);
const KNOWN_COLUMNS: ReadonlySet<string> = new Set([...APPLICATION_COLUMNS, ...ANSWER_COLUMNS]);

const EXPORT_MESSAGES = {
  format: 'The format must be csv, xlsx or json.',
  columns: 'Choose at least one column, each a column of the list or a question of the application.',
  unknownColumns: (columns: readonly string[]) => `No such column: ${columns.join(', ')}.`,
  includeSensitive: 'include_sensitive must be true or false.',
} as const;

const unknownColumns = (columns: readonly string[]) => columns.filter((column) => !KNOWN_COLUMNS.has(column));

export const exportRequestSchema = v.object({
  format: v.picklist(EXPORT_FORMATS, EXPORT_MESSAGES.format),
  columns: v.pipe(
    v.array(v.string(EXPORT_MESSAGES.columns), EXPORT_MESSAGES.columns),
    v.minLength(1, EXPORT_MESSAGES.columns),
    v.maxLength(KNOWN_COLUMNS.size, EXPORT_MESSAGES.columns),
    v.check(
      (columns) => unknownColumns(columns).length === 0,
      (issue) => EXPORT_MESSAGES.unknownColumns(unknownColumns(issue.input)),
    ),
    // A column chosen twice is written once, where it was first chosen.
    v.transform((columns) => [...new Set(columns)]),
  ),
  /** The list's filters and order, by the same rules as its address (a page is no filter: every page is exported). */
  filters: v.optional(v.omit(applicationListQuery, ['page', 'page_size']), {}),
  include_sensitive: v.optional(v.boolean(EXPORT_MESSAGES.includeSensitive), false),
});
export type ExportRequest = v.InferOutput<typeof exportRequestSchema>;
