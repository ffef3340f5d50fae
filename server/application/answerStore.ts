import { findApplication, listAddAnother, saveAnswers, type SaveAnswersResult } from '../../db/applications';
import type { AnswerValue, Answers } from '../../src/catalogue/dataModel';
import type { Db } from '../../db/connection';
import { listCompletedConversions } from '../../db/documents';
import { listSealedAnswers } from '../../db/sensitiveAnswers';
import { createWriteBatcher } from '../../db/writeBatcher';
import type { CollegeLists } from '../../src/catalogue/options';
import { maskSensitive } from '../../src/catalogue/sensitiveMask';
import { SENSITIVE_KEYS, type AnswerVault } from './answerVault';
import { addAnotherDefaults } from './groups';
import { settleChanges, settledAnswers } from './settleAnswers';

/**
 * Reading and writing answers with the sensitive ones sealed at rest. The plain answers stay a
 * JSON text the profile can splice; sensitive ones are opened only for the applicant themself
 * (full) or shown masked (staff view, printed copy). An applicant's save is settled by the
 * catalogue (./settleAnswers) in its transaction; what is read for validation, the printed copy
 * and exports is settled by the same rules, so rows stored before a rule existed show no more
 * than the form does.
 */
export function createAnswerStore(deps: { db: Db; vault: AnswerVault; college: CollegeLists }) {
  const { db, vault, college } = deps;
  const batcher = createWriteBatcher(db);
  const countsOf = (userId: number) => ({ ...addAnotherDefaults(), ...listAddAnother(db, userId) });
  const attachedOf = (userId: number) => new Set(listCompletedConversions(db, userId).map((row) => row.answer_key));
  const contextOf = (userId: number, now: Date) => ({ counts: countsOf(userId), attachedDocuments: attachedOf(userId), college, now });

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
    /**
     * An applicant's save: settled by the catalogue (display texts derived, hidden answers
     * cleared, server-only and out-of-range values refused). Resolves once it is on disk; saves
     * arriving together share one commit.
     */
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
      return batcher.run(() =>
        saveAnswers(db, userId, plain, now, sealed, baseVersion, (stored, given) =>
          settleChanges(stored, given, contextOf(userId, new Date(now))),
        ),
      );
    },

    /** Resolves once every save queued so far is on disk. */
    settled: () => batcher.settled(),

    /** The answers as an object, settled by the catalogue, for validation, the printed copy and the export. */
    read(userId: number, reveal: 'full' | 'masked', now: Date = new Date()): Answers | undefined {
      const application = findApplication(db, userId);
      if (!application) return undefined;
      const stored = { ...(JSON.parse(application.answers) as Answers), ...openSensitive(userId, reveal) };
      return settledAnswers(stored, contextOf(userId, now));
    },

    /**
     * Stored answers text as the form may show it: the same text when settling changes nothing
     * (every row saved since these rules existed), else the settled answers.
     */
    settledJson(userId: number, answersJson: string): string {
      const stored = JSON.parse(answersJson) as Answers;
      const settled = settledAnswers(stored, contextOf(userId, new Date()));
      return Object.keys(settled).some((key) => settled[key] !== stored[key]) ? JSON.stringify(settled) : answersJson;
    },

    /** The answers as JSON text, spliced rather than re-serialised. */
    readJson(userId: number, reveal: 'full' | 'masked', answersJson: string): string {
      return spliceInto(answersJson, openSensitive(userId, reveal));
    },
  };
}

export type AnswerStore = ReturnType<typeof createAnswerStore>;
