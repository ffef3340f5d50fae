import { Readable } from 'node:stream';
import { appendAccess } from '../../db/accessLog';
import { openReadConnection, type Db } from '../../db/connection';
import { countApplicationsForStaff, iterateApplicationsForStaff } from '../../db/staffApplications';
import type { Answers } from '../../src/catalogue/dataModel';
import { APPLICATION_COLUMNS } from '../../src/catalogue/schema/staffApplications';
import type { ExportFormat, ExportRequest } from '../../src/catalogue/schema/staffExports';
import { STAFF_FACTOR_CONFIRMED_MS } from '../accounts/sessionPolicy';
import type { AnswerStore } from '../application/answerStore';
import { SENSITIVE_KEYS } from '../application/answerVault';
import { applicationFilter, listItem } from '../application/staffApplications';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';
import { csvLine } from './csv';
import type { Cell } from './spreadsheetText';
import { visibleJson } from './visibleText';
import { xlsxStream } from './xlsx';

const EXPORT_SERVICE_MESSAGES = {
  confirmAgain: `Please confirm your second factor again: an export with sensitive answers in full needs a code entered within the last ${
    STAFF_FACTOR_CONFIRMED_MS / 60_000
  } minutes.`,
} as const;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
};

/** An export as the response sends it. */
export interface ExportFile {
  body: Readable;
  contentType: string;
  filename: string;
  /** How many applications it holds. */
  count: number;
}

/** Who asks for an export: the staff member, their client address, and when their session last confirmed the second factor. */
interface ExportActor {
  staffId: number;
  client: string;
  factorConfirmedAt: number | null;
}

type ListColumn = (typeof APPLICATION_COLUMNS)[number];
const LIST_COLUMNS: ReadonlySet<string> = new Set(APPLICATION_COLUMNS);
const isListColumn = (column: string): column is ListColumn => LIST_COLUMNS.has(column);

/** The rows' values, one array per application in the chosen columns' order. */
type Records = Iterable<readonly Cell[]>;

/** A UTF-8 byte order mark first, so a spreadsheet reads the file's accented names as UTF-8. */
function csvBody(columns: readonly string[], records: Records): Readable {
  return Readable.from(
    (function* () {
      yield `\uFEFF${csvLine(columns)}`;
      for (const values of records) yield csvLine(values);
    })(),
    { objectMode: false },
  );
}

/** An array of one object per application, its keys the chosen columns (a missing answer is null). */
function jsonBody(columns: readonly string[], records: Records): Readable {
  return Readable.from(
    (function* () {
      let first = true;
      yield '[';
      for (const values of records) {
        const row = Object.fromEntries(columns.map((column, index) => [column, values[index] ?? null]));
        yield `${first ? '\n' : ',\n'}${visibleJson(row)}`;
        first = false;
      }
      yield first ? ']\n' : '\n]\n';
    })(),
    { objectMode: false },
  );
}

/**
 * Exports of the staff list: exactly the rows its filters show, in its order, every page of
 * them, with the chosen columns, read one by one from a read connection of their own and written
 * as the client reads them. Sensitive answers are masked unless an admin asks for them with a
 * second factor confirmed again within the last minutes. Every export is written to the access log.
 */
export function createStaffExports(deps: { db: Db; clock: Clock; answers: AnswerStore }) {
  const { db } = deps;
  return {
    open(input: ExportRequest, by: ExportActor): ExportFile {
      const now = deps.clock.now();
      const { format, columns } = input;
      const inFull = input.include_sensitive;
      if (inFull && (by.factorConfirmedAt === null || now - by.factorConfirmedAt > STAFF_FACTOR_CONFIRMED_MS)) {
        throw new HttpError(403, EXPORT_SERVICE_MESSAGES.confirmAgain);
      }
      const { query, logged: filter } = applicationFilter(input.filters);
      const needsAnswers = columns.some((column) => !isListColumn(column));
      const reader = openReadConnection(db);
      let count: number;
      let rows: ReturnType<typeof iterateApplicationsForStaff>;
      try {
        // One snapshot for the count and the rows, so the log says how many the file holds.
        reader.exec('BEGIN');
        count = countApplicationsForStaff(reader, query).total;
        rows = iterateApplicationsForStaff(reader, query);
      } catch (error) {
        reader.close();
        throw error;
      }
      const sensitive = !columns.some((column) => SENSITIVE_KEYS.has(column))
        ? 'no sensitive answers'
        : inFull
          ? 'includes sensitive answers in full'
          : 'sensitive answers masked';
      appendAccess(
        db,
        {
          kind: 'export',
          staffId: by.staffId,
          client: by.client,
          count,
          filter: { ...filter, sort: input.filters.sort, order: input.filters.order },
          detail: `${format}; columns: ${columns.join(', ')}; ${sensitive}`,
        },
        now,
      );
      let released = false;
      /** Ends the iteration and closes the read connection, once: when the rows end, or when the client leaves early. */
      const release = () => {
        if (released) return;
        released = true;
        rows.return?.();
        reader.close();
      };
      const records = (function* (): Generator<readonly Cell[]> {
        try {
          for (const row of rows) {
            const item = listItem(row);
            const answers: Answers = needsAnswers ? (deps.answers.read(row.user_id, inFull ? 'full' : 'masked', new Date(now)) ?? {}) : {};
            yield columns.map((column) => (isListColumn(column) ? item[column] : answers[column]));
          }
        } finally {
          release();
        }
      })();
      const body =
        format === 'csv' ? csvBody(columns, records) : format === 'json' ? jsonBody(columns, records) : xlsxStream(columns, records);
      body.once('close', release);
      return {
        body,
        contentType: CONTENT_TYPES[format],
        filename: `applications-${new Date(now).toISOString().slice(0, 10)}.${format}`,
        count,
      };
    },
  };
}

export type StaffExports = ReturnType<typeof createStaffExports>;
