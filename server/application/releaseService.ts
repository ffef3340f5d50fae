import { appendAccess } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import {
  approveRelease,
  candidatesByDecisions,
  candidatesBySelection,
  countReleaseCodes,
  countUnreleasedDecisions,
  findApplicationRelease,
  findRelease,
  flaggedReleaseItems,
  insertDecision,
  insertRelease,
  listReleases,
  recallRelease,
  staleReleaseItems,
  type CandidateRow,
  type ReleaseRow,
} from '../../db/decisions';
import { findSubmittedAt, readReviewSummary, writeReviewSummary } from '../../db/reviews';
import { renderLetter, type Letter } from '../../src/catalogue/letters';
import { STAFF_LIST_MESSAGES } from '../../src/catalogue/schema/staffApplications';
import {
  REVIEW_MESSAGES,
  type ApplicationEvaluation,
  type Rehearsal,
  type ReleasePreparationInput,
  type ReleaseProblem,
  type ReleaseScope,
  type ReleaseSummary,
} from '../../src/catalogue/schema/staffReviews';
import type { CollegeConfig } from '../../src/college/schema';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';
import { referenceOf } from '../../src/catalogue/reference';
import type { StaffCaller } from './reviewService';
import { applicantName, iso } from './staffApplications';

export const RELEASE_REFUSALS = {
  notSubmitted: 'Only a submitted application can be decided.',
  releasedAlready: 'The decision on this application has been released; it can no longer be changed.',
  inApprovedRelease: 'This application is in an approved release: recall the release before changing its decision.',
  problems: 'The rehearsal found problems: nothing was prepared. Fix them, or leave those applications out, and prepare it again.',
  empty: 'No application matches: there is nothing to release.',
  pastTime: 'The release time has passed: choose a time from now on.',
  ownRelease: 'The admin who prepared a release cannot approve it: a second admin must.',
  notAwaiting: 'Only a release awaiting approval can be approved.',
  changed: 'Since this release was prepared, decisions or reviews of its applications changed. Recall it and prepare it again.',
  timePassed: 'The release time passed while it awaited approval. Recall it and prepare it again with a new time.',
  notRecallable: 'This release has started going out (or was recalled already) and can no longer be recalled.',
} as const;

/** How many releases the console lists. */
const RELEASES_LISTED = 50;
/** A release time this far in the past still counts as "now" (the form's clock and the server's differ a little). */
const SCHEDULE_TOLERANCE_MS = 60_000;

export interface PreparedLetters {
  rehearsal: Rehearsal;
  items: { userId: number; decisionId: number; letter: Letter }[];
}

/**
 * Decisions and their release. A decision is recorded per application and changed by recording
 * another (the earlier ones stay as its history). A release reaches applicants only after a
 * rehearsal with no problem, a second admin's approval and its scheduled time; until then it can
 * be recalled. Every step is in the access log.
 */
export function createReleaseService(deps: { db: Db; clock: Clock; college: CollegeConfig; wake: () => void }) {
  const { db, clock, college } = deps;
  const labelOf = (code: string) => college.decisions.find((decision) => decision.code === code)?.label ?? code;
  const optionLabel = (options: readonly { value: string; label: string }[], value: string | null) =>
    value === null ? undefined : (options.find((option) => option.value === value)?.label ?? value);

  function letterFor(row: CandidateRow): { ok: true; letter: Letter } | { ok: false; problem: string } {
    const template = college.decisions.find((decision) => decision.code === row.code);
    if (!template) return { ok: false, problem: `the decision code "${row.code}" is no longer one of the college's` };
    return renderLetter(template.letter, {
      first_name: row.first_name ?? undefined,
      last_name: row.last_name ?? undefined,
      preferred_name: row.preferred_name ?? undefined,
      reference: referenceOf(row.user_id, row.submitted_at) ?? undefined,
      entry_term: optionLabel(college.entryTerms, row.entry_term),
      major: optionLabel(college.majors, row.applied_major),
      college_name: college.name,
    });
  }

  /** Renders every letter of a scope and lists what would be wrong; writes nothing. */
  function rehearse(scope: ReleaseScope): PreparedLetters {
    const rows = scope.kind === 'selection' ? candidatesBySelection(db, scope.application_ids) : candidatesByDecisions(db, scope.codes);
    const problems: ReleaseProblem[] = [];
    const items: PreparedLetters['items'] = [];
    const letters = new Map<string, number>();
    const samples: Rehearsal['samples'] = [];
    for (const row of rows) {
      const name = applicantName(row) || (row.email ?? `#${row.user_id}`);
      const problem = (kind: ReleaseProblem['kind'], detail: string) => problems.push({ kind, application_id: row.user_id, name, detail });
      if (row.found === 0 || row.submitted_at === null) {
        problem('not_submitted', row.found === 0 ? 'No such application.' : 'The application has not been submitted.');
        continue;
      }
      if (row.flagged === 1) problem('flagged', 'Its reviews disagree: it is flagged for committee.');
      if (row.other_release_id !== null) {
        problem(
          'released_before',
          row.other_release_sent_at === null
            ? `Release ${row.other_release_id}, not yet sent, already carries it.`
            : `Release ${row.other_release_id} sent it a decision on ${new Date(row.other_release_sent_at).toISOString().slice(0, 10)}.`,
        );
      }
      if (row.decision_id === null || row.code === null) {
        problem('no_decision', 'No decision is recorded.');
        continue;
      }
      const rendered = letterFor(row);
      if (!rendered.ok) {
        problem('letter_fails', `Its letter (${labelOf(row.code)}) fails to render: ${rendered.problem}.`);
        continue;
      }
      letters.set(row.code, (letters.get(row.code) ?? 0) + 1);
      if (!samples.some((sample) => sample.code === row.code))
        samples.push({ code: row.code, application_id: row.user_id, letter: rendered.letter });
      items.push({ userId: row.user_id, decisionId: row.decision_id, letter: rendered.letter });
    }
    const recorded = countUnreleasedDecisions(db);
    const codes = [...new Set([...college.decisions.map((decision) => decision.code), ...letters.keys()])];
    return {
      rehearsal: {
        total: rows.length,
        counts: codes.map((code) => ({
          code,
          label: labelOf(code),
          letters: letters.get(code) ?? 0,
          recorded_unreleased: recorded.get(code) ?? 0,
        })),
        problems,
        samples,
      },
      items,
    };
  }

  function summary(row: ReleaseRow): ReleaseSummary {
    return {
      id: row.id,
      state: row.state,
      scope: JSON.parse(row.scope) as ReleaseScope,
      scheduled_at: new Date(row.scheduled_at).toISOString(),
      prepared_by: row.prepared_by_email,
      prepared_at: new Date(row.prepared_at).toISOString(),
      approved_by: row.approved_by_email,
      approved_at: iso(row.approved_at),
      recalled_by: row.recalled_by_email,
      recalled_at: iso(row.recalled_at),
      total: row.total,
      sent: row.sent,
      counts: countReleaseCodes(db, row.id).map((count) => ({ code: count.code, label: labelOf(count.code), letters: count.n })),
    };
  }

  function found(id: number): ReleaseRow {
    const row = findRelease(db, id);
    if (!row) throw new HttpError(404, REVIEW_MESSAGES.release);
    return row;
  }

  return {
    /**
     * Records a decision (or a new one, keeping the earlier as history). `committee` says the
     * committee settled a disagreement, which clears the application's flag.
     */
    decide(
      input: { id: number; code: string; committee?: boolean },
      caller: StaffCaller,
      evaluation: (id: number) => ApplicationEvaluation,
    ) {
      return db
        .transaction(() => {
          const submitted = findSubmittedAt(db, input.id);
          if (!submitted) throw new HttpError(404, STAFF_LIST_MESSAGES.application);
          if (submitted.submitted_at === null) throw new HttpError(409, RELEASE_REFUSALS.notSubmitted);
          const release = findApplicationRelease(db, input.id);
          if (release?.sent_at != null || release?.state === 'sending') throw new HttpError(409, RELEASE_REFUSALS.releasedAlready);
          if (release?.state === 'approved') throw new HttpError(409, RELEASE_REFUSALS.inApprovedRelease);
          const now = clock.now();
          insertDecision(db, { userId: input.id, code: input.code, staffId: caller.staffId }, now);
          const reviews = readReviewSummary(db, input.id);
          if (input.committee && reviews?.flagged === 1) writeReviewSummary(db, input.id, { count: reviews.review_count, flagged: false });
          appendAccess(
            db,
            {
              kind: 'decision_recorded',
              staffId: caller.staffId,
              client: caller.client,
              userId: input.id,
              detail: input.committee ? `${input.code} (committee)` : input.code,
            },
            now,
          );
          return evaluation(input.id);
        })
        .immediate();
    },

    rehearse(input: ReleasePreparationInput, caller: StaffCaller): Rehearsal {
      const { rehearsal } = rehearse(input.scope);
      appendAccess(
        db,
        {
          kind: 'release_prepared',
          staffId: caller.staffId,
          client: caller.client,
          count: rehearsal.total,
          filter: input.scope,
          detail: 'rehearsal',
        },
        clock.now(),
      );
      return rehearsal;
    },

    /**
     * Stores a release awaiting a second admin's approval, only if its rehearsal finds no problem.
     * A refused preparation still read every letter: it is logged as a rehearsal.
     */
    prepare(input: ReleasePreparationInput, caller: StaffCaller): ReleaseSummary {
      const now = clock.now();
      if (input.scheduled_at < now - SCHEDULE_TOLERANCE_MS) throw new HttpError(400, RELEASE_REFUSALS.pastTime);
      const outcome = db
        .transaction(() => {
          const { rehearsal, items } = rehearse(input.scope);
          if (rehearsal.problems.length > 0 || items.length === 0) return { prepared: false as const, rehearsal };
          const id = insertRelease(
            db,
            {
              scope: input.scope,
              scheduledAt: Math.max(input.scheduled_at, now),
              preparedBy: caller.staffId,
              items: items.map((item) => ({ userId: item.userId, decisionId: item.decisionId, letter: JSON.stringify(item.letter) })),
            },
            now,
          );
          appendAccess(
            db,
            {
              kind: 'release_prepared',
              staffId: caller.staffId,
              client: caller.client,
              count: items.length,
              filter: input.scope,
              detail: `release ${id}`,
            },
            now,
          );
          return { prepared: true as const, id };
        })
        .immediate();
      if (outcome.prepared) return summary(found(outcome.id));
      const { rehearsal } = outcome;
      appendAccess(
        db,
        {
          kind: 'release_prepared',
          staffId: caller.staffId,
          client: caller.client,
          count: rehearsal.total,
          filter: input.scope,
          detail: 'refused',
        },
        now,
      );
      throw new HttpError(409, rehearsal.problems.length > 0 ? RELEASE_REFUSALS.problems : RELEASE_REFUSALS.empty, { rehearsal });
    },

    /** The two-person rule: a second admin approves; the release then goes out at its time. */
    approve(id: number, caller: StaffCaller): ReleaseSummary {
      const result = db
        .transaction(() => {
          const release = found(id);
          if (release.prepared_by === caller.staffId) throw new HttpError(403, RELEASE_REFUSALS.ownRelease);
          if (release.state !== 'awaiting_approval') throw new HttpError(409, RELEASE_REFUSALS.notAwaiting);
          const now = clock.now();
          if (release.scheduled_at < now - SCHEDULE_TOLERANCE_MS) throw new HttpError(409, RELEASE_REFUSALS.timePassed);
          if (staleReleaseItems(db, id).length > 0 || flaggedReleaseItems(db, id).length > 0)
            throw new HttpError(409, RELEASE_REFUSALS.changed);
          approveRelease(db, id, caller.staffId, now);
          appendAccess(
            db,
            { kind: 'release_approved', staffId: caller.staffId, client: caller.client, count: release.total, detail: `release ${id}` },
            now,
          );
          return summary(found(id));
        })
        .immediate();
      deps.wake();
      return result;
    },

    recall(id: number, caller: StaffCaller): ReleaseSummary {
      return db
        .transaction(() => {
          const release = found(id);
          const now = clock.now();
          if (!recallRelease(db, id, caller.staffId, now)) throw new HttpError(409, RELEASE_REFUSALS.notRecallable);
          appendAccess(
            db,
            { kind: 'release_recalled', staffId: caller.staffId, client: caller.client, count: release.total, detail: `release ${id}` },
            now,
          );
          return summary(found(id));
        })
        .immediate();
    },

    /** The newest releases, and the college's decision codes a release can be prepared by. */
    list(): { releases: ReleaseSummary[]; decision_codes: { code: string; label: string }[] } {
      return {
        releases: listReleases(db, RELEASES_LISTED).map(summary),
        decision_codes: college.decisions.map(({ code, label }) => ({ code, label })),
      };
    },

    read(id: number): ReleaseSummary {
      return summary(found(id));
    },
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
