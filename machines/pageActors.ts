import { documentMachine } from './documentMachine';
import { lookupMachine } from './lookupMachine';
import { pdfCopyMachine } from './pdfCopyMachine';
import { submitMachine } from './submitMachine';
import { tabsMachine } from './tabsMachine';

/**
 * The page-specific form actors: the documents, the tabs, the school search, the PDF copy and the
 * submit sequence. Only /education, /final-steps, /completion and the staff view use them (src/catalogue/routes.ts:
 * PAGE_ACTOR_ROUTES), so they are a chunk of their own, outside /about's first download (kept
 * within its byte budget). The root application machine loads this module with a dynamic `import()` (its
 * `loadPageActors` actor) as soon as ./formActors is there, and spawns them under their usual ids
 * and system ids (./systemIds); nothing sends to them before they exist — they talk among themselves
 * and to the answers actor, and their views wait for the root's `pageActorsReady` tag.
 */
export const pageActors = {
  lookup: lookupMachine,
  tabs: tabsMachine,
  pdfCopy: pdfCopyMachine,
  /** Only Final Steps' Submit starts it; /about's first download is lighter without it. */
  submit: submitMachine,
  /** One actor per document question, under `document:<answer key>` (./formActors: documentKeys). */
  document: documentMachine,
};

export type PageActors = typeof pageActors;
