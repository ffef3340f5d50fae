import { DOCUMENT_KEYS } from '../src/catalogue/questions';
import { addAnotherMachine } from './addAnotherMachine';
import { answersMachine } from './answersMachine';
import { clearGuardMachine } from './clearGuardMachine';
import { documentMachine } from './documentMachine';
import { lookupMachine } from './lookupMachine';
import { pdfCopyMachine } from './pdfCopyMachine';
import { submitMachine } from './submitMachine';
import { tabsMachine } from './tabsMachine';
import { validationMachine } from './validationMachine';

/**
 * The form actors: everything only the form area (/about, /education, /final-steps), /completion
 * and the service view need — the answers and their rules, validation, the submit sequence, the
 * documents, tabs, add-another groups, the school search, the PDF copy and the question before a
 * choice clears typed answers — together with the
 * question catalogue, the application schema and the option lists they bring along.
 *
 * The root application machine loads this module with a dynamic `import()` (its `loadFormActors`
 * actor) only when one of them is needed, and spawns them under the same ids and system ids as
 * always (./systemIds); the auth cards and the rest of the core never import it, so /login and
 * the other auth routes load none of it.
 */
export const formActors = {
  answers: answersMachine,
  validation: validationMachine,
  submit: submitMachine,
  lookup: lookupMachine,
  addAnother: addAnotherMachine,
  tabs: tabsMachine,
  pdfCopy: pdfCopyMachine,
  clearGuard: clearGuardMachine,
  /** One actor per document question, under `document:<answer key>`. */
  document: documentMachine,
  documentKeys: DOCUMENT_KEYS as readonly string[],
};

export type FormActors = typeof formActors;
