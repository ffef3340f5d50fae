import { useState, type FormEvent } from 'react';
import { connectConsoleEvaluation, type ConsoleEvaluationView } from '../../machines/consoleEvaluationView';
import type { ReviewEntry } from '../catalogue/schema/staffReviews';
import { formatStaffTime } from '../catalogue/staffWords';
import { useView } from '../app/viewApi';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useConsoleEvaluation } from './consoleActors';
import { ConsoleTextArea } from './ConsoleField';

/**
 * An application's evaluation on its page: the reviews (the others' hidden from a reviewer until
 * theirs is in), the review form, the notes and, for admins, the decision and its history.
 */
export function EvaluationPanel() {
  const actor = useConsoleEvaluation();
  if (!actor) return null;
  return <Evaluation actor={actor} />;
}

function Evaluation({ actor }: { actor: NonNullable<ReturnType<typeof useConsoleEvaluation>> }) {
  const view = useView(actor, connectConsoleEvaluation);
  if (view.phase === 'loading') return <Spinner size="small" label="Loading the reviews…" />;
  if (view.phase === 'failed' || !view.evaluation) {
    return (
      <section className="console-evaluation console-screen-only" aria-labelledby="evaluation-title">
        <h2 id="evaluation-title">Reviews and decision</h2>
        <p role="alert" className="console-error">
          {view.message}
        </p>
        <Button variant="secondary" onClick={view.retry}>
          Try again
        </Button>
      </section>
    );
  }
  const { evaluation } = view;
  return (
    <section className="console-evaluation console-screen-only" aria-labelledby="evaluation-title">
      <h2 id="evaluation-title">Reviews and decision</h2>
      <p className="console-evaluation__summary">
        {evaluation.review_count === 1 ? '1 review' : `${evaluation.review_count} reviews`}
        {evaluation.flagged ? <strong className="console-flag"> · Flagged for committee: the reviews disagree</strong> : null}
        {evaluation.reviewers.some((reviewer) => !reviewer.reviewed)
          ? ` · Waiting for ${evaluation.reviewers
              .filter((reviewer) => !reviewer.reviewed)
              .map((reviewer) => reviewer.staff_email)
              .join(', ')}`
          : null}
      </p>
      {view.message ? (
        <p role="alert" className="console-error">
          {view.message}
        </p>
      ) : null}
      <Reviews view={view} />
      {view.canReview ? <ReviewForm view={view} /> : null}
      <Notes view={view} />
      <Decision view={view} />
    </section>
  );
}

function ReviewCard({ review, labels }: { review: ReviewEntry; labels: ConsoleEvaluationView['evaluation'] }) {
  const form = labels!.review_form;
  const recommendation = form.recommendations.find((option) => option.value === review.recommendation)?.label ?? review.recommendation;
  return (
    <li className="console-review">
      <p className="console-review__by">
        {review.staff_email} · {formatStaffTime(review.created_at)}
      </p>
      <dl className="console-facts">
        {form.ratings.map((rating) => (
          <div key={rating.key}>
            <dt>{rating.label}</dt>
            <dd>
              {review.ratings[rating.key] ?? '—'} of {rating.max}
            </dd>
          </div>
        ))}
        <div>
          <dt>Recommendation</dt>
          <dd>{recommendation}</dd>
        </div>
      </dl>
      <p className="console-review__comment">{review.comment}</p>
    </li>
  );
}

function Reviews({ view }: { view: ConsoleEvaluationView }) {
  const evaluation = view.evaluation!;
  return (
    <div className="console-evaluation__part">
      <h3>Reviews</h3>
      {evaluation.mine ? (
        <ul className="console-reviews" aria-label="Your review">
          <ReviewCard review={evaluation.mine} labels={evaluation} />
        </ul>
      ) : null}
      {evaluation.others === null ? (
        <p className="console-notice">Other reviews stay hidden until your own review is in: the first read is blind.</p>
      ) : evaluation.others.length > 0 ? (
        <ul className="console-reviews" aria-label="Other reviews">
          {evaluation.others.map((review) => (
            <ReviewCard key={review.id} review={review} labels={evaluation} />
          ))}
        </ul>
      ) : !evaluation.mine ? (
        <p className="console-notice">No review yet.</p>
      ) : null}
      {view.canClaim ? (
        <Button variant="secondary" busy={view.writing === 'claim'} onClick={view.claim}>
          Add to my reviews
        </Button>
      ) : null}
    </div>
  );
}

/** A form is made afresh (emptied) each time the server has taken what it held. */
const savedKey = (view: ConsoleEvaluationView, kind: string) => (view.saved?.kind === kind ? view.saved.count : 0);

function ReviewForm({ view }: { view: ConsoleEvaluationView }) {
  const form = view.evaluation!.review_form;
  const [ratings, setRatings] = useState<Record<string, string>>({});
  const [recommendation, setRecommendation] = useState('');
  const [comment, setComment] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const numbers = Object.fromEntries(Object.entries(ratings).map(([key, value]) => [key, Number(value)]));
    view.review(numbers, recommendation, comment);
  };
  const error = (field: string) => view.fieldErrors[field];
  const ratingsError = Object.entries(view.fieldErrors).find(([field]) => field === 'ratings' || field.startsWith('ratings.'))?.[1];
  return (
    <form className="console-evaluation__part console-review-form" onSubmit={submit} noValidate>
      <h3>Your review</h3>
      <div className="console-review-form__ratings">
        {form.ratings.map((rating) => (
          <div className="console-field" key={rating.key}>
            <label htmlFor={`rating-${rating.key}`}>
              {rating.label} ({rating.min}–{rating.max})
            </label>
            <select
              id={`rating-${rating.key}`}
              value={ratings[rating.key] ?? ''}
              onChange={(event) => setRatings({ ...ratings, [rating.key]: event.target.value })}
            >
              <option value="">--</option>
              {Array.from({ length: rating.max - rating.min + 1 }, (_, index) => rating.min + index).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p className="console-field__error" role="alert">
        {ratingsError ?? ''}
      </p>
      <fieldset className="console-review-form__recommendation">
        <legend>Recommendation</legend>
        {form.recommendations.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="recommendation"
              value={option.value}
              checked={recommendation === option.value}
              onChange={() => setRecommendation(option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
        <p className="console-field__error" role="alert">
          {error('recommendation') ?? ''}
        </p>
      </fieldset>
      <ConsoleTextArea
        id="review-comment"
        label="Comment"
        error={error('comment')}
        rows={4}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button type="submit" busy={view.writing === 'review'}>
        Submit the review
      </Button>
      <p className="console-hint">A review is never edited once submitted: a note can follow it.</p>
    </form>
  );
}

function Notes({ view }: { view: ConsoleEvaluationView }) {
  const { notes } = view.evaluation!;
  return (
    <div className="console-evaluation__part">
      <h3>Notes</h3>
      {notes.length === 0 ? <p className="console-notice">No note yet.</p> : null}
      <ol className="console-notes">
        {notes.map((note) => (
          <li key={note.id}>
            <p className="console-review__by">
              {note.staff_email} · {formatStaffTime(note.created_at)}
            </p>
            <p className="console-review__comment">{note.text}</p>
          </li>
        ))}
      </ol>
      <NoteForm key={savedKey(view, 'note')} view={view} />
    </div>
  );
}

function NoteForm({ view }: { view: ConsoleEvaluationView }) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        view.addNote(text);
      }}
      noValidate
    >
      <ConsoleTextArea
        id="note-text"
        label="Add a note"
        error={view.fieldErrors.text}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary" busy={view.writing === 'note'}>
        Add the note
      </Button>
    </form>
  );
}

function Decision({ view }: { view: ConsoleEvaluationView }) {
  const evaluation = view.evaluation!;
  return (
    <div className="console-evaluation__part">
      <h3>Decision</h3>
      <p>
        {evaluation.decision ? (
          <>
            <strong>{evaluation.decision.label}</strong>, recorded by {evaluation.decision.staff_email} on{' '}
            {formatStaffTime(evaluation.decision.created_at)}
          </>
        ) : (
          'No decision recorded.'
        )}
      </p>
      {evaluation.released ? (
        <p className="console-notice">
          Released {formatStaffTime(evaluation.released.sent_at)} (release {evaluation.released.release_id});{' '}
          {evaluation.released.first_opened_at
            ? `the applicant first opened the letter ${formatStaffTime(evaluation.released.first_opened_at)}.`
            : 'the applicant has not opened the letter yet.'}
        </p>
      ) : null}
      {evaluation.decision_history.length > 0 ? (
        <details>
          <summary>Earlier decisions ({evaluation.decision_history.length})</summary>
          <ul>
            {evaluation.decision_history.map((entry) => (
              <li key={entry.id}>
                {entry.label}, recorded by {entry.staff_email} on {formatStaffTime(entry.created_at)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {view.canDecide ? <DecisionForm key={savedKey(view, 'decision')} view={view} /> : null}
    </div>
  );
}

function DecisionForm({ view }: { view: ConsoleEvaluationView }) {
  const evaluation = view.evaluation!;
  const [code, setCode] = useState('');
  const [committee, setCommittee] = useState(false);
  return (
    <form
      className="console-decision-form"
      onSubmit={(event) => {
        event.preventDefault();
        view.decide(code, committee);
      }}
    >
      <div className="console-field">
        <label htmlFor="decision-code">{evaluation.decision ? 'Change the decision' : 'Record a decision'}</label>
        <select id="decision-code" value={code} onChange={(event) => setCode(event.target.value)}>
          <option value="">--</option>
          {evaluation.decision_codes.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {evaluation.flagged ? (
        <label className="console-check">
          <input type="checkbox" checked={committee} onChange={(event) => setCommittee(event.target.checked)} /> The committee settled the
          reviews’ disagreement
        </label>
      ) : null}
      <Button type="submit" busy={view.writing === 'decision'} disabled={code === ''}>
        Record the decision
      </Button>
    </form>
  );
}
