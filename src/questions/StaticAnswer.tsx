import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { descKey } from '../catalogue/dataModel';
import { optionLabel } from '../catalogue/options';
import { isIsoDate } from '../catalogue/schema/dates';
import type { Question } from '../catalogue/questions';
import { DOCUMENT_MESSAGES, formatFileSize } from '../../machines/documentFiles';
import type { documentMachine } from '../../machines/documentMachine';
import { documentSystemId } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { startDownload } from '../ui/startDownload';
import { maskSensitive } from '../catalogue/sensitiveMask';
import { useAnswer, useTextAnswer } from './hooks';
import { useOptions } from './SelectField';

/** Text only screen readers get (a check mark alone says nothing to them). */
const Hidden = ({ children }: { children: string }) => <span className="visually-hidden">{children}</span>;

function NotAnswered() {
  return (
    <span className="q-static__empty">
      <span aria-hidden="true">—</span>
      <Hidden>Not answered</Hidden>
    </span>
  );
}

function Mark({ checked }: { checked: boolean }) {
  return (
    <span className={checked ? 'q-mark q-mark--yes' : 'q-mark q-mark--no'}>
      <span aria-hidden="true">{checked ? '✓' : '✗'}</span>
      <Hidden>{checked ? 'Yes' : 'No'}</Hidden>
    </span>
  );
}

/** Dates read as words in print: 15 January 2005 cannot be mistaken for 1 May. */
function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
}

function ChoiceValue({ question }: { question: Question }) {
  const value = useTextAnswer(question.key);
  const desc = useTextAnswer(descKey(question.key));
  const options = useOptions(question);
  const label = desc || optionLabel(options, value) || value;
  return label ? <>{label}</> : <NotAnswered />;
}

function DocumentValue({ question }: { question: Question }) {
  const actor = useSystemActor<ActorRefFrom<typeof documentMachine>>(documentSystemId(question.key));
  const attached = useSelector(actor, (snapshot) => snapshot.hasTag('attached'));
  const document = useSelector(actor, (snapshot) => snapshot.context.document);
  const staff = useSelector(actor, (snapshot) => snapshot.matches('readOnly') && snapshot.context.serviceToken !== null);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag('downloading'));
  // Issue 13: staff open the uploaded document's converted PDF; a fresh link is asked for at each click.
  useEffect(() => {
    const subscription = actor.on('document.deliver', ({ url }) => startDownload(url));
    return () => subscription.unsubscribe();
  }, [actor]);
  if (!attached) return <NotAnswered />;
  return (
    <span className="q-static__document">
      <span className="q-static__note">{DOCUMENT_MESSAGES.attachedNote}</span>
      {document ? ` (${document.file_name}, ${formatFileSize(document.file_size)})` : null}
      {staff && document ? (
        // On screen only: a printed sheet has nothing to press.
        <button
          type="button"
          className="link-button q-static__open"
          aria-busy={fetching || undefined}
          onClick={() => actor.send({ type: 'document.download' })}
        >
          Open the document<span className="visually-hidden"> {document.file_name}</span> (PDF)
        </button>
      ) : null}
    </span>
  );
}

function Value({ question }: { question: Question }) {
  const value = useAnswer(question.key);
  if (question.kind === 'checkbox') return <Mark checked={value === true} />;
  if (question.kind === 'select' || question.kind === 'radio') return <ChoiceValue question={question} />;
  if (question.kind === 'document') return <DocumentValue question={question} />;
  const text = typeof value === 'string' ? value : '';
  if (text === '') return <NotAnswered />;
  if (question.sensitive) return <>{maskSensitive(text)}</>;
  if (question.kind === 'date' && isIsoDate(text)) return <>{longDate(text)}</>;
  return <>{text}</>;
}

/** One answer as static text: a term and its description, for read-only users and print. */
export function StaticAnswer({ question }: { question: Question }) {
  return (
    <div id={question.key} className={question.kind === 'textarea' ? 'q-static q-static--wide' : 'q-static'}>
      <dt className="q-static__label">{question.label}</dt>
      <dd className={question.kind === 'textarea' ? 'q-static__value q-static__value--text' : 'q-static__value'}>
        <Value question={question} />
      </dd>
    </div>
  );
}
