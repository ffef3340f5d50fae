import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { EvaluationChange } from './api/consoleDecisions';
import type { consoleEvaluationMachine } from './consoleEvaluationMachine';

type EvaluationSnapshot = SnapshotFrom<typeof consoleEvaluationMachine>;
type EvaluationSend = ActorRefFrom<typeof consoleEvaluationMachine>['send'];

/** What an application's page needs of its reviews, notes and decision. */
export function connectConsoleEvaluation(snapshot: EvaluationSnapshot, send: EvaluationSend) {
  const { context } = snapshot;
  const change = (value: EvaluationChange) => send({ type: 'evaluation.change', change: value });
  const writing = snapshot.matches('changing') ? (context.pending?.kind ?? null) : null;
  const evaluation = context.evaluation;
  return {
    phase: snapshot.matches('loading') ? ('loading' as const) : snapshot.matches('failed') ? ('failed' as const) : ('ready' as const),
    evaluation,
    message: context.message,
    fieldErrors: context.fieldErrors,
    /** Which change is on its way, if one. */
    writing,
    /** The last change the server took, counted: its form empties. */
    saved: context.saved,
    isAdmin: context.role === 'admin',
    /** A reviewer or an admin who has not reviewed this submitted application yet. */
    canReview: evaluation?.can_review === true,
    /** Admins decide a submitted application until its decision is released. */
    canDecide: context.role === 'admin' && evaluation?.submitted === true && evaluation.released === null,
    /** Claiming puts it in the reviewer's queue; one can review without claiming first. */
    canClaim: context.role !== 'reader' && evaluation?.can_review === true && !evaluation.claimed,
    retry: () => send({ type: 'evaluation.retry' }),
    review: (ratings: Record<string, number>, recommendation: string, comment: string) =>
      change({ kind: 'review', ratings, recommendation, comment }),
    addNote: (text: string) => change({ kind: 'note', text }),
    decide: (code: string, committee: boolean) => change({ kind: 'decision', code, committee }),
    claim: () => change({ kind: 'claim' }),
  };
}

export type ConsoleEvaluationView = ReturnType<typeof connectConsoleEvaluation>;
