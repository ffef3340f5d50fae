import type { Db } from '../../db/connection';
import { findApplication, listWebStatus } from '../../db/applications';
import { documentAnswersJson } from '../../db/documents';
import { listLogins } from '../../db/sessions';
import type { AnswerStore } from './answerStore';

/**
 * The section 3 profile response. The stored answers are already JSON text, so they are spliced
 * in as they are: parsing and re-serialising a 150-key application on every load is wasted work.
 */
export function profileJson(db: Db, answers: AnswerStore, userId: number, username: string): string {
  const application = findApplication(db, userId);
  const parts = [
    `"username":${JSON.stringify(username)}`,
    `"last_page":${JSON.stringify(application?.last_page ?? null)}`,
    `"successful_login":${JSON.stringify(listLogins(db, userId))}`,
    `"web_status":${JSON.stringify(listWebStatus(db, userId))}`,
    `"answer":${answers.readJson(userId, 'full', application?.answers ?? '{}')}`,
    `"answer_version":${application?.version ?? 0}`,
    `"submitted_at":${application?.submitted_at ?? null}`,
    `"document_answer":${documentAnswersJson(db, userId)}`,
  ];
  return `{${parts.join(',')}}`;
}
