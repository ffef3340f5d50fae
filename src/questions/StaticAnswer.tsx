import { useEffect } from 'react';
import type { Question } from '../catalogue/questions';
import { DOCUMENT_MESSAGES, formatFileSize } from '../../machines/documentFiles';
import { connectStaffDocument } from '../../machines/documentView';
import { useStaffDocument, useView } from '../app/actors';
import { startDownload } from '../ui/startDownload';
import { maskSensitive } from '../catalogue/sensitiveMask';
import { choiceLabel, formatDate, showBidiControls } from '../catalogue/display';
import { useAllAnswers, useAnswer, useCollegeLists } from './hooks';
import { PrintPages, PrintPagesNote } from './StaticDocumentPages';

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

/**
 * What the applicant typed, isolated from the text around it and with any bidirectional control
 * shown as its code point, so it cannot reorder the page or pass for another answer or file type.
 */
function Typed({ text }: { text: string }) {
  return <bdi>{showBidiControls(text)}</bdi>;
}

/** The catalogue's label for the stored value, whatever `_desc` text is stored beside it. */
function ChoiceValue({ question }: { question: Question }) {
  const label = choiceLabel(question, useAllAnswers(), useCollegeLists());
  return label ? <Typed text={label} /> : <NotAnswered />;
}

function DocumentValue({ question }: { question: Question }) {
  const actor = useStaffDocument(question.key);
  const { document, downloading: fetching, download } = useView(actor, connectStaffDocument);
  // Staff open the uploaded document's converted PDF; a fresh link is asked for at each click.
  useEffect(() => {
    const subscription = actor.on('document.deliver', ({ url }) => startDownload(url));
    return () => subscription.unsubscribe();
  }, [actor]);
  if (!document) return <NotAnswered />;
  return (
    <>
      <span className="q-static__document">
        <span className="q-static__note">{DOCUMENT_MESSAGES.attachedNote}</span>
        {' ('}
        <Typed text={document.file_name} />
        {`, ${formatFileSize(document.file_size)})`}
        {/* On paper only: the sheet says where the document's own pages are. */}
        <PrintPagesNote actor={actor} />
        {/* On screen only: a printed sheet has nothing to press. */}
        <button type="button" className="link-button q-static__open" aria-busy={fetching || undefined} onClick={download}>
          Open the document<span className="visually-hidden"> {showBidiControls(document.file_name)}</span> (PDF)
        </button>
      </span>
      {/* The whole application on paper, as the applicant's PDF copy: the document's pages follow its note. */}
      <PrintPages actor={actor} fileName={document.file_name} />
    </>
  );
}

function Value({ question }: { question: Question }) {
  const value = useAnswer(question.key);
  if (question.kind === 'checkbox') return <Mark checked={value === true} />;
  if (question.kind === 'select' || question.kind === 'radio') return <ChoiceValue question={question} />;
  if (question.kind === 'document') return <DocumentValue question={question} />;
  const text = typeof value === 'string' ? value : '';
  if (text === '') return <NotAnswered />;
  if (question.sensitive) return <Typed text={maskSensitive(text)} />;
  if (question.kind === 'date') return <Typed text={formatDate(text)} />;
  return <Typed text={text} />;
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

/**
 * A run of checkboxes that answers one question (which races, which grades): the question, then
 * the options ticked, so "Asian" never stands without "Race".
 */
export function StaticChecks({ label, questions }: { label: string; questions: readonly Question[] }) {
  const answers = useAllAnswers();
  const ticked = questions.filter((q) => answers[q.key] === true);
  return (
    <div className="q-static">
      <dt className="q-static__label">{label}</dt>
      <dd className="q-static__value">
        {ticked.length === 0 ? (
          <NotAnswered />
        ) : (
          <ul className="q-static__choices">
            {ticked.map((q) => (
              <li key={q.key} id={q.key}>
                <span className="q-mark q-mark--yes" aria-hidden="true">
                  ✓
                </span>{' '}
                {q.label}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}
