import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { documentMachine } from './documentMachine';
import type { staffDocumentMachine } from './staffDocumentMachine';
import type { documentPagesMachine, PageImage } from './documentPages';

type DocumentSnapshot = SnapshotFrom<typeof documentMachine>;
type DocumentSend = ActorRefFrom<typeof documentMachine>['send'];
type StaffDocumentSnapshot = SnapshotFrom<typeof staffDocumentMachine>;
type StaffDocumentSend = ActorRefFrom<typeof staffDocumentMachine>['send'];
type PagesSnapshot = SnapshotFrom<typeof documentPagesMachine>;
type PagesSend = ActorRefFrom<typeof documentPagesMachine>['send'];

/**
 * What an applicant's document question shows: the first load, the file choice, an upload on its
 * way, the file attached, or a failure with "Choose another file".
 */
export type DocumentPhase = 'loading' | 'empty' | 'uploading' | 'attached' | 'failed';

function phaseOf(snapshot: DocumentSnapshot): DocumentPhase {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('attached')) return 'attached';
  // Resetting is the failure's "Choose another file" at work (busy), not an upload.
  if (snapshot.matches('failed') || snapshot.matches('resetting')) return 'failed';
  if (snapshot.hasTag('busy')) return 'uploading';
  return 'empty';
}

/** What the applicant's document question needs from its document actor. */
export function connectDocument(snapshot: DocumentSnapshot, send: DocumentSend) {
  return {
    phase: phaseOf(snapshot),
    /** The file's name and size, once one is attached or on its way. */
    document: snapshot.context.document,
    /** What is wrong with the file chosen (its type, size or name), until another is chosen. */
    fileProblem: snapshot.matches('rejected') ? snapshot.context.fileProblem : null,
    /** What went wrong with the upload, the download or the deletion. */
    failure: snapshot.hasTag('error') ? snapshot.context.error : null,
    /** Delete asks first: the dialog is open. */
    confirmingDelete: snapshot.matches({ attached: 'confirmingDelete' }),
    deleting: snapshot.matches({ attached: 'deleting' }),
    /** "Choose another file" is clearing the failed upload. */
    resetting: snapshot.matches('resetting'),
    /** A fresh link to the converted PDF is being asked for. */
    downloading: snapshot.hasTag('downloading'),
    choose: (files: readonly File[]) => send({ type: 'document.choose', files }),
    download: () => send({ type: 'document.download' }),
    delete: () => send({ type: 'document.delete' }),
    cancelDelete: () => send({ type: 'document.cancelDelete' }),
    confirmDelete: () => send({ type: 'document.confirmDelete' }),
    chooseAnother: () => send({ type: 'document.resetError' }),
  };
}

/** What staff reading a document answer need from its staff document actor. */
export function connectStaffDocument(snapshot: StaffDocumentSnapshot, send: StaffDocumentSend) {
  return {
    /** A document is attached: the note, its name and size, Open, and its pages in print. */
    document: snapshot.hasTag('attached') ? snapshot.context.document : null,
    /** A fresh link to the converted PDF is being asked for. */
    downloading: snapshot.hasTag('downloading'),
    /** The actor preparing the printed pages, while a document is attached. */
    printPages: snapshot.children.documentPages,
    download: () => send({ type: 'document.download' }),
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
