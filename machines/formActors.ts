import { DOCUMENT_KEYS } from '../src/catalogue/questions';
import { addAnotherMachine } from './addAnotherMachine';
import { answersMachine } from './answersMachine';
import { clearGuardMachine } from './clearGuardMachine';
import { validationMachine } from './validationMachine';

/**
 * The form actors every form page needs: the answers and their rules, validation, the add-another groups and the question before a choice clears typed answers, together
 * with the question catalogue, the application schema and the option lists they bring along. The
 * page-specific ones (documents, tabs, school search, PDF copy, the submit sequence) are ./pageActors, loaded right after.
 *
 * The root application machine loads this module with a dynamic `import()` (its `loadFormActors`
 * actor) only when one of them is needed, and spawns them under the same ids and system ids as
 * always (./systemIds); the auth cards and the rest of the core never import it, so /login and
 * the other auth routes load none of it.
 */
export const formActors = {
  answers: answersMachine,
  validation: validationMachine,
  addAnother: addAnotherMachine,
  clearGuard: clearGuardMachine,
  /** The document questions: one actor each (./pageActors), under `document:<answer key>`. */
  documentKeys: DOCUMENT_KEYS as readonly string[],
};

export type FormActors = typeof formActors;
