import * as v from 'valibot';
import type { ApplicationEvaluation, Rehearsal, ReleaseScope, ReleaseSummary, ReviewQueue } from '../../src/catalogue/schema/staffReviews';
import { callApi } from './httpClient';
import { LetterSchema } from './responses';

/** The console's calls of reviews, notes, decisions and releases, and the shapes of their answers. */

const text = v.string();
const nullableText = v.nullable(v.string());
const ReviewSchema = v.looseObject({
  id: v.number(),
  staff_id: v.number(),
  staff_email: text,
  ratings: v.record(v.string(), v.number()),
  recommendation: text,
  comment: text,
  created_at: text,
});
const DecisionSchema = v.looseObject({ id: v.number(), code: text, label: text, staff_email: text, created_at: text });
const EvaluationSchema = v.looseObject({
  application_id: v.number(),
  submitted: v.boolean(),
  review_count: v.number(),
  flagged: v.boolean(),
  mine: v.nullable(ReviewSchema),
  others: v.nullable(v.array(ReviewSchema)),
  claimed: v.boolean(),
  can_review: v.boolean(),
  reviewers: v.array(v.looseObject({ staff_id: v.number(), staff_email: text, reviewed: v.boolean() })),
  notes: v.array(v.looseObject({ id: v.number(), staff_email: text, text, created_at: text })),
  decision: v.nullable(DecisionSchema),
  decision_history: v.array(DecisionSchema),
  released: v.nullable(v.looseObject({ release_id: v.number(), code: text, sent_at: text, first_opened_at: nullableText })),
  review_form: v.looseObject({
    ratings: v.array(v.looseObject({ key: text, label: text, min: v.number(), max: v.number() })),
    recommendations: v.array(v.looseObject({ value: text, label: text })),
    flagSpread: v.number(),
    readsPerApplication: v.number(),
  }),
  decision_codes: v.array(v.looseObject({ code: text, label: text })),
}) satisfies v.GenericSchema<unknown, ApplicationEvaluation>;

const QueueItemSchema = v.looseObject({
  id: v.number(),
  name: text,
  reference: nullableText,
  submitted_at: text,
  review_count: v.number(),
});
const QueueSchema = v.looseObject({
  mine: v.array(QueueItemSchema),
  waiting: v.array(QueueItemSchema),
  waiting_total: v.number(),
}) satisfies v.GenericSchema<unknown, ReviewQueue>;

const ScopeSchema = v.variant('kind', [
  v.looseObject({ kind: v.literal('selection'), application_ids: v.array(v.number()) }),
  v.looseObject({ kind: v.literal('decisions'), codes: v.array(text) }),
]);
const ReleaseSchema = v.looseObject({
  id: v.number(),
  state: v.picklist(['awaiting_approval', 'approved', 'sending', 'sent', 'recalled']),
  scope: ScopeSchema,
  scheduled_at: text,
  prepared_by: text,
  prepared_at: text,
  approved_by: nullableText,
  approved_at: nullableText,
  recalled_by: nullableText,
  recalled_at: nullableText,
  total: v.number(),
  sent: v.number(),
  counts: v.array(v.looseObject({ code: text, label: text, letters: v.number() })),
}) satisfies v.GenericSchema<unknown, ReleaseSummary>;
/** The newest releases, and the decision codes a release can be prepared by. */
export interface Releases {
  releases: ReleaseSummary[];
  decision_codes: { code: string; label: string }[];
}
const ReleasesSchema = v.looseObject({
  releases: v.array(ReleaseSchema),
  decision_codes: v.array(v.looseObject({ code: text, label: text })),
}) satisfies v.GenericSchema<unknown, Releases>;

const ProblemSchema = v.looseObject({
  kind: v.picklist(['no_decision', 'flagged', 'letter_fails', 'released_before', 'not_submitted']),
  application_id: v.number(),
  name: text,
  detail: text,
});
const RehearsalSchema = v.looseObject({
  total: v.number(),
  counts: v.array(v.looseObject({ code: text, label: text, letters: v.number(), recorded_unreleased: v.number() })),
  problems: v.array(ProblemSchema),
  samples: v.array(v.looseObject({ code: text, application_id: v.number(), letter: LetterSchema })),
}) satisfies v.GenericSchema<unknown, Rehearsal>;

/** One change of an application's evaluation; the server answers each with the evaluation as it now stands. */
export type EvaluationChange =
  | { kind: 'review'; ratings: Record<string, number>; recommendation: string; comment: string }
  | { kind: 'note'; text: string }
  | { kind: 'decision'; code: string; committee: boolean }
  | { kind: 'claim' };

const CHANGE_PATHS: Record<EvaluationChange['kind'], string> = {
  review: 'reviews',
  note: 'notes',
  decision: 'decisions',
  claim: 'claim',
};

export const decisionsApi = {
  evaluation: (id: number, signal?: AbortSignal) =>
    callApi('get', `/api/staff/applications/${id}/evaluation`, EvaluationSchema, { signal }),
  changeEvaluation: (id: number, change: EvaluationChange, signal?: AbortSignal) => {
    const { kind, ...body } = change;
    return callApi('post', `/api/staff/applications/${id}/${CHANGE_PATHS[kind]}`, EvaluationSchema, { json: body, signal });
  },
  queue: (signal?: AbortSignal) => callApi('get', '/api/staff/review-queue', QueueSchema, { signal }),
  claimNext: (signal?: AbortSignal) =>
    callApi('post', '/api/staff/review-queue/next', v.looseObject({ application_id: v.number() }), { json: {}, signal }),
  releases: (signal?: AbortSignal) => callApi('get', '/api/staff/releases', ReleasesSchema, { signal }),
  rehearse: (scope: ReleaseScope, scheduledAt: string, signal?: AbortSignal) =>
    callApi('post', '/api/staff/releases/rehearsal', RehearsalSchema, { json: { scope, scheduled_at: scheduledAt }, signal }),
  prepare: (scope: ReleaseScope, scheduledAt: string, signal?: AbortSignal) =>
    callApi('post', '/api/staff/releases', ReleaseSchema, { json: { scope, scheduled_at: scheduledAt }, signal }),
  approve: (id: number, signal?: AbortSignal) => callApi('post', `/api/staff/releases/${id}/approve`, ReleaseSchema, { json: {}, signal }),
  recall: (id: number, signal?: AbortSignal) => callApi('post', `/api/staff/releases/${id}/recall`, ReleaseSchema, { json: {}, signal }),
};
