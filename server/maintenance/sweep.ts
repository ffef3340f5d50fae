import type { Db } from '../../db/connection';
import { deleteExpiredAccessTokens } from '../../db/accessTokens';
import { deleteMailCreatedBefore, purgeExpiredMailBodies } from '../../db/outbox';
import { deleteExpiredStaffSessions } from '../../db/staffSessions';
import { deleteStaleCounters } from '../../db/throttle';
import { deleteAbandonedSignUps, deleteExpiredConfirmationCodes, deleteSpentPasswordResets } from '../../db/users';
import { STAFF_SESSION_IDLE_MS } from '../accounts/sessionPolicy';
import { removeExpiredZipExports } from '../exports/zipExportService';
import { LONGEST_THROTTLE_WINDOW_MS } from '../accounts/throttle';

const DAY = 24 * 60 * 60 * 1000;

/**
 * How long rows that are no longer needed are kept (SECURITY.md, "Retention"). Codes, reset
 * links, staff and prefill links and mail bodies go as soon as they expire; these go later.
 */
export const RETENTION = {
  /**
   * A sign-up never confirmed: it was never logged in to, so nothing of the applicant's is lost,
   * and an address someone else signed up with is free again. Kept while a code or link of it
   * still works.
   */
  unconfirmedAccountMs: 7 * DAY,
  /** Mail records (recipient, subject, status, times) for support questions; bodies go much sooner. */
  mailMs: 30 * DAY,
  /** A guess or mail counter whose window has passed counts as empty anyway. */
  throttleCounterMs: LONGEST_THROTTLE_WINDOW_MS,
  /** A ZIP export's file, after it was made: a day to download it, then it is asked for again. */
  zipExportMs: DAY,
} as const;

/**
 * Deletes what has expired or outlived its retention. Run by the server's housekeeping interval
 * (every 5 minutes, beside the expired-session sweep); every step is one indexed statement, and
 * an expired ZIP export's file is removed before its row.
 */
export function sweep(db: Db, now: number) {
  return {
    mailBodies: purgeExpiredMailBodies(db, now),
    mail: deleteMailCreatedBefore(db, now - RETENTION.mailMs),
    abandonedSignUps: deleteAbandonedSignUps(db, now - RETENTION.unconfirmedAccountMs, now),
    confirmationCodes: deleteExpiredConfirmationCodes(db, now),
    passwordResets: deleteSpentPasswordResets(db, now),
    accessTokens: deleteExpiredAccessTokens(db, now),
    throttleCounters: deleteStaleCounters(db, now - RETENTION.throttleCounterMs),
    staffSessions: deleteExpiredStaffSessions(db, now, STAFF_SESSION_IDLE_MS),
    zipExports: removeExpiredZipExports(db, now - RETENTION.zipExportMs),
  };
}
