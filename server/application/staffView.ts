import type { Db } from '../../db/connection';
import { findApplication, listAddAnother, listTabs } from '../../db/applications';
import { documentAnswersJson } from '../../db/documents';
import type { AnswerStore } from './answerStore';
import { addAnotherDefaults, tabDefaults } from './groups';
import { referenceOf } from '../../src/catalogue/reference';

/**
 * What staff read of one application through a staff link: the answers settled by the catalogue
 * as the profile, the PDF copy and exports show them, with sensitive answers masked (SECURITY.md
 * says who may see them in full), the groups' counts, the documents, the tabs and the submission.
 */
export function staffViewJson(deps: { db: Db; answers: AnswerStore }, userId: number): string | undefined {
  const { db, answers } = deps;
  const application = findApplication(db, userId);
  if (!application) return undefined;
  return [
    `{"answer":${answers.readJson(userId, 'masked', answers.settledJson(userId, application.answers))}`,
    `"add_another":${JSON.stringify({ ...addAnotherDefaults(), ...listAddAnother(db, userId) })}`,
    `"document_answer":${documentAnswersJson(db, userId)}`,
    `"tabs":${JSON.stringify({ ...tabDefaults(), ...listTabs(db, userId) })}`,
    `"submitted_at":${application.submitted_at ?? null}`,
    `"reference":${JSON.stringify(referenceOf(userId, application.submitted_at))}}`,
  ].join(',');
}
