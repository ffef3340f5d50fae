import { appendAccess } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import { findApplicationRelease, listDecisions } from '../../db/decisions';
import {
  countWaiting,
  findSubmittedAt,
  hasClaim,
  insertClaim,
  insertNote,
  insertReview,
  listClaimedUnreviewed,
  listNotes,
  listReviewers,
  listReviews,
  listWaiting,
  readReviewSummary,
  writeReviewSummary,
  type QueueRow,
  type ReviewRow,
} from '../../db/reviews';
import { findStaffById } from '../../db/staff';
import { STAFF_LIST_MESSAGES } from '../../src/catalogue/schema/staffApplications';
import type { StaffRole } from '../../src/catalogue/schema/staff';
import type { ApplicationEvaluation, QueueItem, ReviewEntry, ReviewInput, ReviewQueue } from '../../src/catalogue/schema/staffReviews';
import type { CollegeConfig } from '../../src/college/schema';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';
import { referenceOf } from '../../src/catalogue/reference';
import { applicantName, iso } from './staffApplications';

export const REVIEW_REFUSALS = {
  notSubmitted: 'This application has not been submitted yet: only submitted applications are reviewed.',
  alreadyReviewed: 'You have already reviewed this application. Add a note to follow your review.',
  alreadyClaimed: 'This application is already in your reviews.',
  assigneeAlreadyHolds: 'This staff member already has this application to review, or has reviewed it.',
  assigneeCannotReview: 'Only an active reviewer or admin can be assigned a review.',
  nothingWaiting: 'No application is waiting for a review.',
  decided: 'A decision is already recorded for this application.',
} as const;

/** How many applications the queue shows at once. */
const QUEUE_PAGE = 50;

export interface StaffCaller {
  staffId: number;
  role: StaffRole;
  client: string;
}

/** Whether reviews disagree: different recommendations, or a rating further apart than the college allows. */
function disagreement(reviews: readonly { ratings: Record<string, number>; recommendation: string }[], flagSpread: number): boolean {
  if (reviews.length < 2) return false;
  if (new Set(reviews.map((review) => review.recommendation)).size > 1) return true;
  const keys = new Set(reviews.flatMap((review) => Object.keys(review.ratings)));
  return [...keys].some((key) => {
    const values = reviews.map((review) => review.ratings[key]).filter((value): value is number => typeof value === 'number');
    return values.length > 1 && Math.max(...values) - Math.min(...values) > flagSpread;
  });
}

const entry = (row: ReviewRow): ReviewEntry => ({
  id: row.id,
  staff_id: row.staff_id,
  staff_email: row.staff_email,
  ratings: JSON.parse(row.ratings) as Record<string, number>,
  recommendation: row.recommendation,
  comment: row.comment,
  created_at: new Date(row.created_at).toISOString(),
});

const queueItem = (row: QueueRow): QueueItem => ({
  id: row.user_id,
  name: applicantName(row),
  reference: referenceOf(row.user_id, row.submitted_at),
  submitted_at: new Date(row.submitted_at).toISOString(),
  review_count: row.review_count,
});

/**
 * Reviews and notes. A reviewer reads an application blind: the other reviews stay hidden from
 * them until their own is in; admins, who decide, read them all. Reviews and notes are never
 * edited, only followed by another note. Every read and write is in the access log.
 */
export function createReviewService(deps: { db: Db; clock: Clock; college: CollegeConfig }) {
  const { db, clock, college } = deps;
  const decisionCodes = college.decisions.map(({ code, label }) => ({ code, label }));
  const decisionLabel = (code: string) => college.decisions.find((decision) => decision.code === code)?.label ?? code;

  function submittedAt(userId: number): number {
    const row = findSubmittedAt(db, userId);
    if (!row) throw new HttpError(404, STAFF_LIST_MESSAGES.application);
    if (row.submitted_at === null) throw new HttpError(409, REVIEW_REFUSALS.notSubmitted);
    return row.submitted_at;
  }

  function evaluation(userId: number, caller: StaffCaller): ApplicationEvaluation {
    const submitted = findSubmittedAt(db, userId);
    if (!submitted) throw new HttpError(404, STAFF_LIST_MESSAGES.application);
    const reviews = listReviews(db, userId);
    const mine = reviews.find((review) => review.staff_id === caller.staffId);
    const seesOthers = caller.role === 'admin' || mine !== undefined;
    const summary = readReviewSummary(db, userId);
    const reviewers = listReviewers(db, userId);
    const claimed = reviewers.some((reviewer) => reviewer.staff_id === caller.staffId) && !mine;
    const decisions = listDecisions(db, userId).map((row) => ({
      id: row.id,
      code: row.code,
      label: decisionLabel(row.code),
      staff_email: row.staff_email,
      created_at: new Date(row.created_at).toISOString(),
    }));
    const release = findApplicationRelease(db, userId);
    return {
      application_id: userId,
      submitted: submitted.submitted_at !== null,
      review_count: summary?.review_count ?? 0,
      flagged: summary?.flagged === 1,
      mine: mine ? entry(mine) : null,
      others: seesOthers ? reviews.filter((review) => review !== mine).map(entry) : null,
      claimed,
      can_review: caller.role !== 'reader' && submitted.submitted_at !== null && !mine,
      reviewers: reviewers.map((reviewer) => ({
        staff_id: reviewer.staff_id,
        staff_email: reviewer.staff_email,
        reviewed: reviewer.reviewed === 1,
      })),
      notes: listNotes(db, userId).map((note) => ({
        id: note.id,
        staff_email: note.staff_email,
        text: note.text,
        created_at: new Date(note.created_at).toISOString(),
      })),
      decision: decisions[0] ?? null,
      decision_history: decisions.slice(1),
      released:
        release?.sent_at != null
          ? {
              release_id: release.release_id,
              code: release.code,
              sent_at: new Date(release.sent_at).toISOString(),
              first_opened_at: iso(release.first_opened_at),
            }
          : null,
      review_form: college.review,
      decision_codes: decisionCodes,
    };
  }

  return {
    /** An application's reviews, notes and decision as the caller may see them; written to the access log. */
    read(userId: number, caller: StaffCaller): ApplicationEvaluation {
      const result = evaluation(userId, caller);
      appendAccess(db, { kind: 'evaluation_viewed', staffId: caller.staffId, client: caller.client, userId }, clock.now());
      return result;
    },

    queue(caller: StaffCaller): ReviewQueue {
      const reads = college.review.readsPerApplication;
      const mine = listClaimedUnreviewed(db, caller.staffId).map(queueItem);
      const waiting = listWaiting(db, { staffId: caller.staffId, reads, limit: QUEUE_PAGE }).map(queueItem);
      const total = countWaiting(db, { staffId: caller.staffId, reads });
      appendAccess(
        db,
        {
          kind: 'queue_viewed',
          staffId: caller.staffId,
          client: caller.client,
          count: mine.length + waiting.length,
          filter: { queue: 'reviews' },
        },
        clock.now(),
      );
      return { mine, waiting, waiting_total: total };
    },

    claim(userId: number, caller: StaffCaller): ApplicationEvaluation {
      return db
        .transaction(() => {
          submittedAt(userId);
          if (listReviews(db, userId).some((review) => review.staff_id === caller.staffId)) {
            throw new HttpError(409, REVIEW_REFUSALS.alreadyReviewed);
          }
          if (!insertClaim(db, { userId, staffId: caller.staffId, assignedBy: null }, clock.now())) {
            throw new HttpError(409, REVIEW_REFUSALS.alreadyClaimed);
          }
          appendAccess(db, { kind: 'review_claimed', staffId: caller.staffId, client: caller.client, userId }, clock.now());
          return evaluation(userId, caller);
        })
        .immediate();
    },

    /** Claims the application that has waited longest for a read; 404 when none waits. */
    claimNext(caller: StaffCaller): { application_id: number } {
      return db
        .transaction(() => {
          const [next] = listWaiting(db, { staffId: caller.staffId, reads: college.review.readsPerApplication, limit: 1 });
          if (!next) throw new HttpError(404, REVIEW_REFUSALS.nothingWaiting);
          insertClaim(db, { userId: next.user_id, staffId: caller.staffId, assignedBy: null }, clock.now());
          appendAccess(db, { kind: 'review_claimed', staffId: caller.staffId, client: caller.client, userId: next.user_id }, clock.now());
          return { application_id: next.user_id };
        })
        .immediate();
    },

    assign(userId: number, staffId: number, caller: StaffCaller): ApplicationEvaluation {
      return db
        .transaction(() => {
          submittedAt(userId);
          const assignee = findStaffById(db, staffId);
          if (!assignee || assignee.role === 'reader' || assignee.deactivated_at !== null || assignee.activated_at === null) {
            throw new HttpError(409, REVIEW_REFUSALS.assigneeCannotReview);
          }
          if (hasClaim(db, userId, staffId) || listReviews(db, userId).some((review) => review.staff_id === staffId)) {
            throw new HttpError(409, REVIEW_REFUSALS.assigneeAlreadyHolds);
          }
          insertClaim(db, { userId, staffId, assignedBy: caller.staffId }, clock.now());
          appendAccess(
            db,
            { kind: 'review_assigned', staffId: caller.staffId, client: caller.client, userId, detail: assignee.email },
            clock.now(),
          );
          return evaluation(userId, caller);
        })
        .immediate();
    },

    /** Records the caller's one review of a submitted application (claiming it if they had not), and flags a disagreement. */
    submit(input: ReviewInput, caller: StaffCaller): ApplicationEvaluation {
      return db
        .transaction(() => {
          const userId = input.id;
          submittedAt(userId);
          const earlier = listReviews(db, userId);
          if (earlier.some((review) => review.staff_id === caller.staffId)) throw new HttpError(409, REVIEW_REFUSALS.alreadyReviewed);
          const now = clock.now();
          insertClaim(db, { userId, staffId: caller.staffId, assignedBy: null }, now);
          insertReview(
            db,
            { userId, staffId: caller.staffId, ratings: input.ratings, recommendation: input.recommendation, comment: input.comment },
            now,
          );
          const all = [...earlier.map(entry), { ratings: input.ratings, recommendation: input.recommendation }];
          writeReviewSummary(db, userId, { count: all.length, flagged: disagreement(all, college.review.flagSpread) });
          appendAccess(db, { kind: 'review_submitted', staffId: caller.staffId, client: caller.client, userId }, now);
          return evaluation(userId, caller);
        })
        .immediate();
    },

    addNote(userId: number, text: string, caller: StaffCaller): ApplicationEvaluation {
      return db
        .transaction(() => {
          if (!findSubmittedAt(db, userId)) throw new HttpError(404, STAFF_LIST_MESSAGES.application);
          insertNote(db, { userId, staffId: caller.staffId, text }, clock.now());
          appendAccess(db, { kind: 'note_added', staffId: caller.staffId, client: caller.client, userId }, clock.now());
          return evaluation(userId, caller);
        })
        .immediate();
    },

    evaluation,
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
