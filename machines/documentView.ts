import type { SnapshotFrom } from 'xstate';
import type { documentMachine } from './documentMachine';
import type { documentPagesMachine, PageImage } from './documentPages';

type DocumentSnapshot = SnapshotFrom<typeof documentMachine>;
type PagesSnapshot = SnapshotFrom<typeof documentPagesMachine> | undefined;

/** Where the staff print's copy of the document's pages stands. */
export type PrintPagesStatus = 'preparing' | 'ready' | 'failed';

const NO_PAGES: readonly PageImage[] = [];

/**
 * What the read-only answer of a document question needs from its document actor. Each is a plain
 * value or an actor reference, so a view can select it without re-rendering.
 */
export const documentView = {
  attached: (snapshot: DocumentSnapshot): boolean => snapshot.hasTag('attached'),
  /** A staff member with the page's service token: the Open button and the printed pages are theirs. */
  staff: (snapshot: DocumentSnapshot): boolean => snapshot.matches('readOnly') && snapshot.context.serviceToken !== null,
  opening: (snapshot: DocumentSnapshot): boolean => snapshot.hasTag('downloading'),
  /** The actor preparing the printed pages, while staff see the document attached. */
  printPages: (snapshot: DocumentSnapshot) => snapshot.children.documentPages,
};

/** What the staff print shows of the document's pages (the actor is undefined before it starts). */
export const documentPagesView = {
  status: (snapshot: PagesSnapshot): PrintPagesStatus =>
    snapshot?.matches('ready') ? 'ready' : snapshot?.matches('failed') ? 'failed' : 'preparing',
  pages: (snapshot: PagesSnapshot): readonly PageImage[] => snapshot?.context.pages ?? NO_PAGES,
};
