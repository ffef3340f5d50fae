import type { AnswerValue, Answers } from '../src/catalogue/dataModel';
import type { Db } from './connection';
import { detachDocuments } from './documents';
import { keepParsedAnswers, takeParsedAnswers } from './parsedAnswers';
import { listSealedAnswers, saveSealedAnswer } from './sensitiveAnswers';
import { searchNameOf } from './searchText';
import { stmt } from './statements';

export interface ApplicationRow {
  user_id: number;
  /** The answers as stored JSON text: the profile call splices it into its response without re-parsing. */
  answers: string;
  version: number;
  last_page: string | null;
  updated_at: number;
  submitted_at: number | null;
}

export function findApplication(db: Db, userId: number): ApplicationRow | undefined {
  return stmt(db, 'SELECT * FROM applications WHERE user_id = ?').get(userId) as ApplicationRow | undefined;
}

export type SaveAnswersResult =
  | { status: 'saved'; version: number }
  | { status: 'conflict'; version: number; keys: string[] }
  | { status: 'submitted' }
  | { status: 'missing' }
  | { status: 'refused'; key: string; message: string };

/**
 * Settles the changes of a save against the stored answers, inside the save's transaction: what
 * it returns is what is written (or why nothing is). Sealed answers appear as SEALED_ANSWER when
 * they hold something; setting one to '' clears it.
 */
export type SettleSave = (
  stored: Readonly<Record<string, AnswerValue>>,
  changes: Readonly<Record<string, AnswerValue>>,
) => { ok: true; changes: Record<string, AnswerValue> } | { ok: false; key: string; message: string };

/** What a sealed answer that holds something looks like to `SettleSave`. */
const SEALED_ANSWER = 'SEALED';

/** The settled changes, with sealed answers the settling cleared moved among the sealed ones. */
function settled(
  db: Db,
  userId: number,
  stored: Readonly<Record<string, AnswerValue>>,
  changes: Answers,
  sealed: Readonly<Record<string, string>>,
  settle: SettleSave,
): { changes: Answers; sealed: Readonly<Record<string, string>> } | { key: string; message: string } {
  const sealedStored = Object.fromEntries(
    listSealedAnswers(db, userId).map((row) => [row.answer_key, row.sealed === '' ? '' : SEALED_ANSWER]),
  );
  const sealedGiven = Object.fromEntries(Object.entries(sealed).map(([key, value]) => [key, value === '' ? '' : SEALED_ANSWER]));
  const result = settle({ ...stored, ...sealedStored }, { ...changes, ...sealedGiven });
  if (!result.ok) return { key: result.key, message: result.message };
  const plain: Record<string, AnswerValue> = {};
  const nowSealed: Record<string, string> = { ...sealed };
  for (const [key, value] of Object.entries(result.changes)) {
    if (!(key in sealedStored) && !(key in sealed)) plain[key] = value;
    else if (value === '') nowSealed[key] = '';
  }
  return { changes: plain, sealed: nowSealed };
}

/**
 * Merges the given answers into the stored ones. Saving merges rather than replaces because an
 * applicant may have two tabs open: each tab's answers survive the other's save. Clearing an
 * answer is saving the empty string, so nothing needs deleting. Sensitive answers arrive already
 * sealed and are kept apart, in the same transaction.
 *
 * With `baseVersion` (the version the writer last saw), a key that someone else changed since
 * then and that this write would set to a different value is a conflict: nothing is written and
 * the conflicting keys are returned, so an acknowledged answer is never silently overwritten.
 */
export function saveAnswers(
  db: Db,
  userId: number,
  changes: Answers,
  now: number,
  sealed: Readonly<Record<string, string>> = {},
  baseVersion?: number,
  settle?: SettleSave,
): SaveAnswersResult {
  return db
    .transaction((): SaveAnswersResult => {
      const current = stmt(db, 'SELECT answers, version, submitted_at, key_versions FROM applications WHERE user_id = ?').get(userId) as
        (Pick<ApplicationRow, 'answers' | 'version' | 'submitted_at'> & { key_versions: string }) | undefined;
      if (!current) return { status: 'missing' };
      if (current.submitted_at !== null) return { status: 'submitted' };
      const parsed = takeParsedAnswers(db, userId, current.answers, current.key_versions);
      const { answers: stored, keyVersions } = parsed;
      const given = changes;
      if (settle) {
        const outcome = settled(db, userId, stored, changes, sealed, settle);
        if ('message' in outcome) {
          keepParsedAnswers(db, userId, parsed, current.answers, current.key_versions);
          return { status: 'refused', key: outcome.key, message: outcome.message };
        }
        ({ changes, sealed } = outcome);
      }
      const changedSince = (key: string) => baseVersion !== undefined && (keyVersions[key] ?? 0) > baseVersion;
      const conflicts =
        baseVersion === undefined
          ? []
          : [
              // Only the writer's own answers can conflict; what settling derives from them follows them.
              ...Object.keys(given).filter((key) => key in changes && changedSince(key) && stored[key] !== changes[key]),
              // Sealed values cannot be compared (each seal is different): any newer change conflicts.
              ...Object.keys(sealed).filter(changedSince),
            ];
      if (conflicts.length > 0) {
        keepParsedAnswers(db, userId, parsed, current.answers, current.key_versions);
        return { status: 'conflict', version: current.version, keys: conflicts };
      }

      const version = current.version + 1;
      let answersChanged = false;
      for (const key in changes) {
        const value = changes[key]!;
        if (stored[key] === value) continue;
        keyVersions[key] = version;
        stored[key] = value;
        answersChanged = true;
      }
      const sealedKeys = Object.keys(sealed);
      for (const key of sealedKeys) keyVersions[key] = version;
      // A save that changes no value (a retry, a page saved twice) keeps the stored texts as they are.
      const answersJson = answersChanged ? JSON.stringify(stored) : current.answers;
      const keyVersionsJson = answersChanged || sealedKeys.length > 0 ? JSON.stringify(keyVersions) : current.key_versions;
      // The staff search's folded name follows the answers in the same statement.
      stmt(
        db,
        `UPDATE applications SET answers = ?, version = ?, key_versions = ?, updated_at = ?, search_name = COALESCE(?, search_name),
           started_at = COALESCE(started_at, ?) WHERE user_id = ?`,
      ).run(answersJson, version, keyVersionsJson, now, answersChanged ? searchNameOf(stored) : null, now, userId);
      for (const [key, value] of Object.entries(sealed)) saveSealedAnswer(db, userId, key, value);
      keepParsedAnswers(db, userId, parsed, answersJson, keyVersionsJson);
      return { status: 'saved', version };
    })
    .immediate();
}

/** The page the applicant is on, and, the first time they open it, the day they reached that step (for the dashboard). */
export function saveLastPage(db: Db, userId: number, lastPage: string, now: number): void {
  db.transaction(() => {
    const saved = stmt(db, 'UPDATE applications SET last_page = ?, updated_at = ? WHERE user_id = ?').run(lastPage, now, userId);
    if (saved.changes > 0) {
      stmt(db, 'INSERT OR IGNORE INTO steps_reached (user_id, page, reached_at) VALUES (?, ?, ?)').run(userId, lastPage, now);
    }
  }).immediate();
}

export type WebStatus = 'started' | 'validating' | 'submitted';
const WEB_STATUS_ORDER: readonly WebStatus[] = ['started', 'validating', 'submitted'];

export function listWebStatus(db: Db, userId: number): { web_status: WebStatus; created_at: number }[] {
  return stmt(db, 'SELECT web_status, created_at FROM web_status_events WHERE user_id = ? ORDER BY created_at, rowid').all(userId) as {
    web_status: WebStatus;
    created_at: number;
  }[];
}

/** Records a status once; recording it again is harmless, which makes the client's retries safe. */
export function recordWebStatus(db: Db, userId: number, webStatus: WebStatus, now: number): void {
  stmt(db, 'INSERT OR IGNORE INTO web_status_events (user_id, web_status, created_at) VALUES (?, ?, ?)').run(userId, webStatus, now);
}

/** Replaces the applicant's report: one row per applicant, however often the page reports. */
export function saveValidationReport(db: Db, userId: number, errorsJson: string, now: number): void {
  stmt(
    db,
    `INSERT INTO validation_reports (user_id, errors, created_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET errors = excluded.errors, created_at = excluded.created_at`,
  ).run(userId, errorsJson, now);
}

/**
 * Freezes the application: from now on saves are refused. The check against the answers the
 * caller validated (by version) keeps a save that slipped in between validation and this call
 * from being frozen unvalidated.
 */
export function submitApplication(
  db: Db,
  userId: number,
  validatedVersion: number,
  now: number,
): 'submitted' | 'already-submitted' | 'changed' {
  return db
    .transaction(() => {
      const row = stmt(db, 'SELECT version, submitted_at FROM applications WHERE user_id = ?').get(userId) as
        { version: number; submitted_at: number | null } | undefined;
      if (!row) return 'changed' as const;
      if (row.submitted_at !== null) return 'already-submitted' as const;
      if (row.version !== validatedVersion) return 'changed' as const;
      stmt(db, 'UPDATE applications SET submitted_at = ? WHERE user_id = ?').run(now, userId);
      for (const status of WEB_STATUS_ORDER) recordWebStatus(db, userId, status, now);
      return 'submitted' as const;
    })
    .immediate();
}

export function listAddAnother(db: Db, userId: number): Record<string, number> {
  const rows = stmt(db, 'SELECT button_id, num_components FROM add_another_counts WHERE user_id = ?').all(userId) as {
    button_id: string;
    num_components: number;
  }[];
  return Object.fromEntries(rows.map((row) => [row.button_id, row.num_components]));
}

export function saveAddAnother(db: Db, userId: number, buttonId: string, count: number): void {
  stmt(
    db,
    `INSERT INTO add_another_counts (user_id, button_id, num_components) VALUES (?, ?, ?)
     ON CONFLICT (user_id, button_id) DO UPDATE SET num_components = excluded.num_components`,
  ).run(userId, buttonId, count);
}

export function listTabs(db: Db, userId: number): Record<string, string> {
  const rows = stmt(db, 'SELECT tab_id, chosen_tab FROM tab_choices WHERE user_id = ?').all(userId) as {
    tab_id: string;
    chosen_tab: string;
  }[];
  return Object.fromEntries(rows.map((row) => [row.tab_id, row.chosen_tab]));
}

/**
 * Saves the tab choice and clears the answers that belonged to the other tabs, all or nothing.
 * A document among the cleared answers is detached with its conversion in the same transaction
 * (its files are queued for deletion); while that document is still being converted the switch
 * is refused as 'busy'.
 */
export function chooseTab(
  db: Db,
  userId: number,
  tabId: string,
  chosenTab: string,
  clearedKeys: readonly string[],
  now: number,
): 'saved' | 'submitted' | 'busy' {
  return db
    .transaction(() => {
      const row = stmt(db, 'SELECT submitted_at FROM applications WHERE user_id = ?').get(userId) as
        { submitted_at: number | null } | undefined;
      if (row?.submitted_at != null) return 'submitted' as const;
      if (detachDocuments(db, userId, clearedKeys, now) === 'busy') return 'busy' as const;
      stmt(
        db,
        `INSERT INTO tab_choices (user_id, tab_id, chosen_tab) VALUES (?, ?, ?)
       ON CONFLICT (user_id, tab_id) DO UPDATE SET chosen_tab = excluded.chosen_tab`,
      ).run(userId, tabId, chosenTab);
      if (clearedKeys.length > 0) {
        saveAnswers(db, userId, Object.fromEntries(clearedKeys.map((key) => [key, ''])), now);
      }
      return 'saved' as const;
    })
    .immediate();
}

/** Applications for the admissions office's export, oldest submission first. */
export function listApplicationsForExport(
  db: Db,
  status: 'submitted' | 'all',
): { user_id: number; username: string; answers: string; submitted_at: number | null; updated_at: number }[] {
  const where = status === 'submitted' ? 'WHERE a.submitted_at IS NOT NULL' : '';
  return db
    .prepare(
      `SELECT a.user_id, u.username, a.answers, a.submitted_at, a.updated_at FROM applications a JOIN users u ON u.id = a.user_id
       ${where} ORDER BY a.submitted_at, u.id`,
    )
    .all() as { user_id: number; username: string; answers: string; submitted_at: number | null; updated_at: number }[];
}
