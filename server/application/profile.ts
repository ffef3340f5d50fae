import type { Db } from '../../db/connection';
import { readProfileParts } from '../../db/profile';
import type { AnswerStore } from './answerStore';

/**
 * The section 3 profile response. The stored answers are already JSON text, so they are spliced
 * in as they are: parsing and re-serialising a 150-key application on every load is wasted work.
 */
export function profileJson(db: Db, answers: AnswerStore, userId: number, username: string): string {
  const parts = readProfileParts(db, userId);
  const answerJson = parts?.has_sensitive ? answers.readJson(userId, 'full', parts.answers) : (parts?.answers ?? '{}');
  return [
    `{"username":${JSON.stringify(username)}`,
    `"last_page":${JSON.stringify(parts?.last_page ?? null)}`,
    `"successful_login":${parts?.logins ?? '[]'}`,
    `"web_status":${parts?.web_status ?? '[]'}`,
    `"answer":${answerJson}`,
    `"answer_version":${parts?.version ?? 0}`,
    `"submitted_at":${parts?.submitted_at ?? null}`,
    `"document_answer":${parts?.documents ?? '{}'}}`,
  ].join(',');
}
