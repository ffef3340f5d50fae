import { appendAccess } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import { claimDueRelease, finishRelease, markItemSent, nextUnsentItems } from '../../db/decisions';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import { decisionUpdateMail } from '../mail/templates';

/** How often the release job looks for a release whose time has come, and sends its next letters. */
const RELEASE_TICK_MS = 1_000;

/**
 * The release job: from an approved release's scheduled time, each of its applicants is marked
 * sent and their e-mail queued in one transaction, so a stop at any point (SIGKILL included)
 * leaves each applicant either done, with exactly one mail, or untouched for the next start to
 * finish. Its state is the database's alone: a restart picks up a release part-way by itself.
 * Letters go out at RELEASE_MAILS_PER_MINUTE, so the mail server is never flooded.
 */
export function createReleaseRunner(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  publicUrl: string;
  collegeName: string;
  mailsPerMinute: number;
}) {
  const { db, clock, logger } = deps;
  const perTick = Math.max(1, Math.round((deps.mailsPerMinute * RELEASE_TICK_MS) / 60_000));
  let timer: NodeJS.Timeout | undefined;

  function tick(): void {
    const release = claimDueRelease(db, clock.now());
    if (!release) return;
    const approver = release.approved_by ?? release.prepared_by;
    for (const item of nextUnsentItems(db, release.id, perTick)) {
      db.transaction(() => {
        const now = clock.now();
        if (!markItemSent(db, release.id, item.user_id, now)) return;
        appendAccess(
          db,
          { kind: 'release_sent', staffId: approver, client: 'release job', userId: item.user_id, detail: `release ${release.id}` },
          now,
        );
        // Queued last: nothing after it in this transaction can fail and leave a mail without its record.
        deps.mailer.send(decisionUpdateMail(item.email, `${deps.publicUrl}/login`, deps.collegeName));
      }).immediate();
    }
    if (finishRelease(db, release.id, clock.now())) logger.info('release_sent', { release: release.id, total: release.total });
  }

  function safeTick(): void {
    try {
      tick();
    } catch (error) {
      logger.error('release_failed', { error: (error as Error).message });
    }
  }

  return {
    start(): void {
      timer ??= setInterval(safeTick, RELEASE_TICK_MS);
      timer.unref();
      safeTick();
    },
    /** Called when a release is approved: one due now starts without waiting for the next tick. */
    wake(): void {
      if (timer) setImmediate(safeTick);
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
