import { findApplication, saveAnswers, type SaveAnswersResult } from '../../db/applications';
import type { AnswerValue, Answers } from '../../src/catalogue/dataModel';
import type { Db } from '../../db/connection';
import { listSealedAnswers } from '../../db/sensitiveAnswers';
import { createWriteBatcher } from '../../db/writeBatcher';
import { maskSensitive } from '../../src/catalogue/sensitiveMask';
import { SENSITIVE_KEYS, type AnswerVault } from './answerVault';

/**
 * Reading and writing answers with the sensitive ones sealed at rest. The plain answers stay a
 * JSON text the profile can splice; sensitive ones are opened only for the applicant themself
 * (full) or shown masked (staff view, printed copy).
 */
export function createAnswerStore(deps: { db: Db; vault: AnswerVault }) {
  const { db, vault } = deps;
  const batcher = createWriteBatcher(db);

  function openSensitive(userId: number, reveal: 'full' | 'masked'): Record<string, string> {
    const opened: Record<string, string> = {};
    for (const row of listSealedAnswers(db, userId)) {
      const value = vault.open(userId, row.answer_key, row.sealed);
      opened[row.answer_key] = reveal === 'full' ? value : maskSensitive(value);
    }
    return opened;
  }

  /** Adds entries to a stored JSON object text without parsing it: the profile is the hottest read. */
  function spliceInto(answersJson: string, extra: Record<string, string>): string {
    const entries = Object.entries(extra);
    if (entries.length === 0) return answersJson;
    const addition = entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',');
    const body = answersJson.slice(0, answersJson.lastIndexOf('}')).trimEnd();
    return body === '{' ? `{${addition}}` : `${body},${addition}}`;
  }

  return {
    /** Resolves once the save is on disk; saves arriving together share one commit. */
    save(userId: number, changes: Answers, now: number, baseVersion?: number): Promise<SaveAnswersResult> {
      // Most saves hold no sensitive answer: then the validated object is passed on as it is,
      // since copying a 150-key object key by key cost more than the rest of the split.
      let withoutSensitive: Record<string, AnswerValue> | undefined;
      const sealed: Record<string, string> = {};
      for (const key of SENSITIVE_KEYS) {
        if (!Object.hasOwn(changes, key)) continue;
        withoutSensitive ??= { ...changes };
        sealed[key] = vault.seal(userId, key, String(changes[key]));
        delete withoutSensitive[key];
      }
      const plain = withoutSensitive ?? changes;
      return batcher.run(() => saveAnswers(db, userId, plain, now, sealed, baseVersion));
    },

    /** Resolves once every save queued so far is on disk. */
    settled: () => batcher.settled(),

    /** The answers as an object, for validation, the printed copy and the export. */
    read(userId: number, reveal: 'full' | 'masked'): Answers | undefined {
      const application = findApplication(db, userId);
      if (!application) return undefined;
      return { ...(JSON.parse(application.answers) as Answers), ...openSensitive(userId, reveal) };
    },

    /** The answers as JSON text, spliced rather than re-serialised. */
    readJson(userId: number, reveal: 'full' | 'masked', answersJson: string): string {
      return spliceInto(answersJson, openSensitive(userId, reveal));
    },
  };
}

export type AnswerStore = ReturnType<typeof createAnswerStore>;
