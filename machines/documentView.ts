import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { documentMachine } from './documentMachine';
import type { documentPagesMachine, PageImage } from './documentPages';

type DocumentSnapshot = SnapshotFrom<typeof documentMachine>;
type DocumentSend = ActorRefFrom<typeof documentMachine>['send'];
type PagesSnapshot = SnapshotFrom<typeof documentPagesMachine>;
type PagesSend = ActorRefFrom<typeof documentPagesMachine>['send'];

/**
 * What a document question shows: a visitor's note that it needs an account, the staff's note,
 * the first load, the file choice, an upload on its way, the file attached, or a failure with
 * "Choose another file".
 */
export type DocumentPhase = 'visitor' | 'staffAttached' | 'staffEmpty' | 'loading' | 'empty' | 'uploading' | 'attached' | 'failed';

function phaseOf(snapshot: DocumentSnapshot): DocumentPhase {
  if (snapshot.matches('visitor')) return 'visitor';
  if (snapshot.matches('staff')) return snapshot.hasTag('attached') ? 'staffAttached' : 'staffEmpty';
  if (snapshot.matches({ applicant: 'loading' })) return 'loading';
  if (snapshot.matches({ applicant: 'attached' })) return 'attached';
  // Resetting is the failure's "Choose another file" at work (busy), not an upload.
  if (snapshot.matches({ applicant: 'failed' }) || snapshot.matches({ applicant: 'resetting' })) return 'failed';
  if (snapshot.hasTag('busy')) return 'uploading';
  return 'empty';
}

/** What a document answer (the applicant's field, the staff's read-only answer) needs from its document actor. */
export function connectDocument(snapshot: DocumentSnapshot, send: DocumentSend) {
  return {
    phase: phaseOf(snapshot),
    /** The file's name and size, once one is attached or on its way. */
    document: snapshot.context.document,
    /** A document is attached (whoever looks). */
    attached: snapshot.hasTag('attached'),
    /** A staff member with the page's service token: the Open button and the printed pages are theirs. */
    staff: snapshot.matches('staff') && snapshot.context.serviceToken !== null,
    /** What is wrong with the file chosen (its type, size or name), until another is chosen. */
    fileProblem: snapshot.matches({ applicant: 'rejected' }) ? snapshot.context.fileProblem : null,
    /** What went wrong with the upload, the download or the deletion. */
    failure: snapshot.hasTag('error') ? snapshot.context.error : null,
    /** Delete asks first: the dialog is open. */
    confirmingDelete: snapshot.matches({ applicant: { attached: 'confirmingDelete' } }),
    deleting: snapshot.matches({ applicant: { attached: 'deleting' } }),
    /** "Choose another file" is clearing the failed upload. */
    resetting: snapshot.matches({ applicant: 'resetting' }),
    /** A fresh link to the converted PDF is being asked for. */
    downloading: snapshot.hasTag('downloading'),
    /** The actor preparing the printed pages, while staff see the document attached. */
    printPages: snapshot.children.documentPages,
    choose: (files: readonly File[]) => send({ type: 'document.choose', files }),
    download: () => send({ type: 'document.download' }),
    delete: () => send({ type: 'document.delete' }),
    cancelDelete: () => send({ type: 'document.cancelDelete' }),
    confirmDelete: () => send({ type: 'document.confirmDelete' }),
    chooseAnother: () => send({ type: 'document.resetError' }),
  };
}

/** Where the staff print's copy of the document's pages stands. */
type PrintPagesStatus = 'preparing' | 'ready' | 'failed';

const NO_PAGES: readonly PageImage[] = [];

/** What the staff print shows of the document's pages (preparing, too, before their actor starts). */
export function connectDocumentPages(snapshot: PagesSnapshot | undefined, _send?: PagesSend) {
  const status: PrintPagesStatus = snapshot?.matches('ready') ? 'ready' : snapshot?.matches('failed') ? 'failed' : 'preparing';
  return { status, pages: snapshot?.context.pages ?? NO_PAGES };
}
