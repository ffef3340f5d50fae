import { useEffect, useRef } from 'react';
import { ANNOUNCEMENTS } from '../catalogue/announcements';
import { LOSS_MESSAGES } from '../catalogue/answerMessages';
import { FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH, FILE_TYPES } from '../catalogue/limits';
import type { Question } from '../catalogue/questions';
import { DOCUMENT_MESSAGES, formatFileSize } from '../../machines/documentFiles';
import { connectDocument } from '../../machines/documentView';
import { useOptionalDocument, useView, type DocumentActor } from '../app/actors';
import { announce } from '../layout/Announcer';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { startDownload } from '../ui/startDownload';
import { ErrorText, HelpText, fieldClass, ids } from './Field';
import { useFieldErrors } from './hooks';
import './DocumentField.css';

const ACCEPT = FILE_TYPES.map((type) => `.${type}`).join(',');
const TYPES_TEXT = FILE_TYPES.map((type) => type.toUpperCase()).join(', ');

/**
 * A document answer: choose a file, watch it upload and convert, see its
 * name and size, download its converted PDF, delete it after confirming. Every step is the document actor's; loaded with the
 * screens that have a document question.
 */
export default function DocumentField({ question }: { question: Question }) {
  const actor = useOptionalDocument(question.key);
  // A visitor's application has no document actor: the question can be finished once they have an account.
  return actor ? <ApplicantDocument question={question} actor={actor} /> : <VisitorDocument question={question} />;
}

/** A visitor's document question: its label, that it needs an account, and its errors. */
function VisitorDocument({ question }: { question: Question }) {
  const errors = useFieldErrors(question.key);
  const id = ids(question.key);
  return (
    <div id={question.key} className={`${fieldClass(errors, true)} q-document`}>
      <p id={`${id.input}-label`} className="q-label">
        {question.label}
      </p>
      <p className="q-note">{DOCUMENT_MESSAGES.notLoggedIn}</p>
      <ErrorText id={id.error} messages={errors} />
    </div>
  );
}

function ApplicantDocument({ question, actor }: { question: Question; actor: DocumentActor }) {
  const view = useView(actor, connectDocument);
  const { phase, document, fileProblem, failure, confirmingDelete: confirming, deleting, resetting, downloading } = view;
  // The actor asks for a fresh link at each click and hands it over here to be opened.
  useEffect(() => {
    const subscription = actor.on('document.deliver', ({ url }) => startDownload(url));
    return () => subscription.unsubscribe();
  }, [actor]);
  const validation = useFieldErrors(question.key);
  const id = ids(question.key);
  const download = useRef<HTMLButtonElement>(null);
  // The control that was pressed is gone once an upload finishes or a deletion goes
  // through, so focus moves to what replaced it (Download, or the file choice) and it is announced.
  useEffect(() => {
    const uploaded = actor.on('document.uploaded', ({ fileName }) => {
      announce(ANNOUNCEMENTS.documentUploaded(fileName));
      requestAnimationFrame(() => download.current?.focus());
    });
    const deleted = actor.on('document.deleted', ({ fileName }) => {
      announce(ANNOUNCEMENTS.documentDeleted(fileName));
      requestAnimationFrame(() => window.document.getElementById(id.input)?.focus());
    });
    return () => {
      uploaded.unsubscribe();
      deleted.unsubscribe();
    };
  }, [actor, id.input]);
  const labelId = `${id.input}-label`;
  const errors = fileProblem ? [fileProblem, ...validation] : failure ? [failure, ...validation] : validation;
  // Deleting cannot be undone: the dialog opens on Cancel.
  const cancel = useRef<HTMLButtonElement>(null);
  const help =
    question.help ??
    `One ${TYPES_TEXT} file of at most ${formatFileSize(FILE_MAX_BYTES)}, with a name of at most ${FILE_NAME_MAX_LENGTH} characters.`;

  return (
    <div id={question.key} className={`${fieldClass(errors, true)} q-document`}>
      <p id={labelId} className="q-label">
        {question.label}
      </p>
      {phase === 'loading' ? (
        <Spinner size="small" label="Loading your document…" />
      ) : phase === 'uploading' ? (
        <div className="q-document__file" role="status">
          <Spinner size="small" decorative />
          <span>
            Uploading <strong>{document?.file_name ?? 'your file'}</strong>… This can take a moment.
          </span>
        </div>
      ) : phase === 'attached' ? (
        <div className="q-document__file">
          <svg className="q-document__icon" viewBox="0 0 20 24" aria-hidden="true" focusable="false">
            <path d="M2 1h11l5 5v17H2z" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M13 1v5h5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
          <span className="q-document__name">
            <strong>{document?.file_name}</strong>
            {document ? <span className="q-document__size">{formatFileSize(document.file_size)}</span> : null}
          </span>
          <span className="q-document__actions">
            <Button ref={download} variant="secondary" busy={downloading} onClick={view.download}>
              Download<span className="visually-hidden"> {document?.file_name} as a PDF</span>
            </Button>
            <Button variant="secondary" busy={deleting} onClick={view.delete}>
              Delete<span className="visually-hidden"> {document?.file_name}</span>
            </Button>
          </span>
        </div>
      ) : phase === 'failed' ? (
        <Button variant="secondary" busy={resetting} onClick={view.chooseAnother}>
          Choose another file
        </Button>
      ) : (
        <>
          <HelpText id={id.help} help={help} />
          <div className="q-file">
            <input
              id={id.input}
              className="q-file__input"
              type="file"
              accept={ACCEPT}
              aria-labelledby={`${labelId} ${id.input}-button`}
              aria-describedby={[id.help, errors.length > 0 ? id.error : ''].filter(Boolean).join(' ')}
              aria-invalid={errors.length > 0 || undefined}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                // Choosing the same file again after a problem must fire again.
                event.target.value = '';
                view.choose(files);
              }}
            />
            <label id={`${id.input}-button`} htmlFor={id.input} className="q-file__button">
              Choose a file
            </label>
          </div>
        </>
      )}
      <ErrorText id={id.error} messages={errors} />
      <Dialog
        open={confirming}
        onOpenChange={(open) => (open ? undefined : view.cancelDelete())}
        title={DOCUMENT_MESSAGES.deleteTitle}
        // 'Are you sure you want to delete your file?', then what goes, as the tab switch says it.
        description={`${DOCUMENT_MESSAGES.deleteQuestion} ${LOSS_MESSAGES.documentDelete(document?.file_name ?? '', question.label)}`}
        size="xs"
        role="alertdialog"
        initialFocusEl={() => cancel.current}
        footer={
          <>
            <Button ref={cancel} variant="secondary" onClick={view.cancelDelete}>
              {DOCUMENT_MESSAGES.cancel}
            </Button>
            <Button onClick={view.confirmDelete}>{DOCUMENT_MESSAGES.delete}</Button>
          </>
        }
      />
    </div>
  );
}
