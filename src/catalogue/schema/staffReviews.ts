/**
 * Reviews, notes, decisions and releases: the calls that turn a submitted application into a
 * released decision, and what they answer. The review form and the decision codes are the
 * college's (its configuration), so their schemas are made from it.
 */
import * as v from 'valibot';
import type { CollegeConfig } from '../../college/schema';
import type { Letter } from '../letters';
import { STAFF_LIST_MESSAGES } from './staffApplications';

const NOTE_MAX_LENGTH = 5_000;
const COMMENT_MAX_LENGTH = 5_000;
/** A release names at most this many applications by selection (a filter has no such limit). */
const RELEASE_SELECTION_MAX = 50_000;

export const REVIEW_MESSAGES = {
  rating: (label: string, min: number, max: number) => `Rate ${label} from ${min} to ${max}.`,
  recommendation: (labels: string[]) => `Choose a recommendation: ${labels.join(', ')}.`,
  comment: 'Write a comment on this application.',
  commentLong: `The comment must be at most ${COMMENT_MAX_LENGTH} characters.`,
  note: 'Write the note.',
  noteLong: `A note must be at most ${NOTE_MAX_LENGTH} characters.`,
  decision: (codes: string[]) => `Choose a decision: ${codes.join(', ')}.`,
  staff: 'Choose a staff member to assign.',
  scope: 'Choose the applications to release: a selection of applications, or decisions to release.',
  selectionEmpty: 'Select at least one application to release.',
  selectionLong: `A release can select at most ${RELEASE_SELECTION_MAX} applications; release by decision instead.`,
  scheduledAt: 'Give the release time as a date and time.',
  release: 'This release does not exist.',
} as const;

const positiveId = (message: string) =>
  v.pipe(v.union([v.string(message), v.number(message)], message), v.transform(Number), v.integer(message), v.minValue(1, message));

const applicationId = positiveId(STAFF_LIST_MESSAGES.application);

/** A review of one application, by the college's form. */
export function reviewSubmission(form: CollegeConfig['review']) {
  const ratings = Object.fromEntries(
    form.ratings.map((rating) => {
      const message = REVIEW_MESSAGES.rating(rating.label, rating.min, rating.max);
      return [
        rating.key,
        v.pipe(v.number(message), v.integer(message), v.minValue(rating.min, message), v.maxValue(rating.max, message)),
      ] as const;
    }),
  );
  const recommendation = REVIEW_MESSAGES.recommendation(form.recommendations.map((option) => option.label));
  return v.object({
    id: applicationId,
    ratings: v.strictObject(ratings, REVIEW_MESSAGES.rating(form.ratings[0]!.label, form.ratings[0]!.min, form.ratings[0]!.max)),
    recommendation: v.picklist(
      form.recommendations.map((option) => option.value),
      recommendation,
    ),
    comment: v.pipe(
      v.string(REVIEW_MESSAGES.comment),
      v.trim(),
      v.nonEmpty(REVIEW_MESSAGES.comment),
      v.maxLength(COMMENT_MAX_LENGTH, REVIEW_MESSAGES.commentLong),
    ),
  });
}
export type ReviewInput = v.InferOutput<ReturnType<typeof reviewSubmission>>;

export const noteSubmission = v.object({
  id: applicationId,
  text: v.pipe(
    v.string(REVIEW_MESSAGES.note),
    v.trim(),
    v.nonEmpty(REVIEW_MESSAGES.note),
    v.maxLength(NOTE_MAX_LENGTH, REVIEW_MESSAGES.noteLong),
  ),
});

export const assignment = v.object({ id: applicationId, staff_id: positiveId(REVIEW_MESSAGES.staff) });

/** A decision from the college's codes. */
export function decisionSubmission(decisions: CollegeConfig['decisions']) {
  const codes = decisions.map((decision) => decision.code);
  return v.object({
    id: applicationId,
    code: v.picklist(codes, REVIEW_MESSAGES.decision(codes)),
    /** The committee settled the reviews' disagreement: the application is no longer flagged. */
    committee: v.optional(v.boolean()),
  });
}

const scheduledAt = v.pipe(
  v.string(REVIEW_MESSAGES.scheduledAt),
  v.check((value) => !Number.isNaN(Date.parse(value)), REVIEW_MESSAGES.scheduledAt),
  v.transform((value) => Date.parse(value)),
);

/**
 * Which applications a release is for: those selected by id, or every application whose recorded
 * decision is one of `decisions` and that no release has sent a decision to.
 */
const releaseScope = v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('selection'),
      application_ids: v.pipe(
        v.array(applicationId, REVIEW_MESSAGES.selectionEmpty),
        v.minLength(1, REVIEW_MESSAGES.selectionEmpty),
        v.maxLength(RELEASE_SELECTION_MAX, REVIEW_MESSAGES.selectionLong),
      ),
    }),
    v.object({
      kind: v.literal('decisions'),
      codes: v.pipe(v.array(v.string(REVIEW_MESSAGES.scope), REVIEW_MESSAGES.scope), v.minLength(1, REVIEW_MESSAGES.scope)),
    }),
  ],
  REVIEW_MESSAGES.scope,
);
export type ReleaseScope = v.InferOutput<typeof releaseScope>;

export const releasePreparation = v.object({ scope: releaseScope, scheduled_at: scheduledAt });
export type ReleasePreparationInput = v.InferOutput<typeof releasePreparation>;

export const releasePath = v.object({ id: positiveId(REVIEW_MESSAGES.release) });

/** One review as staff read it. */
export interface ReviewEntry {
  id: number;
  staff_id: number;
  staff_email: string;
  ratings: Record<string, number>;
  recommendation: string;
  comment: string;
  created_at: string;
}

interface NoteEntry {
  id: number;
  staff_email: string;
  text: string;
  created_at: string;
}

interface DecisionEntry {
  id: number;
  code: string;
  label: string;
  staff_email: string;
  created_at: string;
}

/** What a release says of one application it sent a decision to. */
interface ReleasedEntry {
  release_id: number;
  code: string;
  sent_at: string;
  first_opened_at: string | null;
}

/**
 * Everything about an application's evaluation, as the caller may see it: their own review, the
 * others' once theirs is in (blind first read; admins, who decide, always), the notes, the
 * decision and its history, and its release.
 */
export interface ApplicationEvaluation {
  application_id: number;
  submitted: boolean;
  review_count: number;
  flagged: boolean;
  /** The caller's own review, if submitted. */
  mine: ReviewEntry | null;
  /** The other reviews, or null while they are hidden from the caller. */
  others: ReviewEntry[] | null;
  /** Whether the caller has claimed (or been assigned) this application and not yet reviewed it. */
  claimed: boolean;
  /** Whether the caller may submit a review now. */
  can_review: boolean;
  reviewers: { staff_id: number; staff_email: string; reviewed: boolean }[];
  notes: NoteEntry[];
  /** The recorded decision (the newest), then the earlier ones. */
  decision: DecisionEntry | null;
  decision_history: DecisionEntry[];
  released: ReleasedEntry | null;
  /** The college's review form, and its decision codes: what the page's forms offer. */
  review_form: CollegeConfig['review'];
  decision_codes: { code: string; label: string }[];
}

export interface QueueItem {
  id: number;
  name: string;
  reference: string | null;
  submitted_at: string;
  review_count: number;
}

export interface ReviewQueue {
  /** What the caller has claimed or been assigned and not yet reviewed. */
  mine: QueueItem[];
  /** Submitted applications waiting for a read, oldest first. */
  waiting: QueueItem[];
  waiting_total: number;
}

export type ReleaseState = 'awaiting_approval' | 'approved' | 'sending' | 'sent' | 'recalled';

type ReleaseProblemKind = 'no_decision' | 'flagged' | 'letter_fails' | 'released_before' | 'not_submitted';

export interface ReleaseProblem {
  kind: ReleaseProblemKind;
  application_id: number;
  name: string;
  detail: string;
}

/** A release's rehearsal: every letter rendered, the counts, and what would be wrong. */
export interface Rehearsal {
  total: number;
  /** Per decision code: letters in this release, and decisions recorded across the college and not yet released. */
  counts: { code: string; label: string; letters: number; recorded_unreleased: number }[];
  problems: ReleaseProblem[];
  /** One rendered letter per decision code, to read before approving. */
  samples: { code: string; application_id: number; letter: Letter }[];
}

export interface ReleaseSummary {
  id: number;
  state: ReleaseState;
  scope: ReleaseScope;
  scheduled_at: string;
  prepared_by: string;
  prepared_at: string;
  approved_by: string | null;
  approved_at: string | null;
  recalled_by: string | null;
  recalled_at: string | null;
  total: number;
  sent: number;
  counts: { code: string; label: string; letters: number }[];
}
