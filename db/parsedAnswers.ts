import { BoundedMap } from './boundedMap';
import type { Db } from './connection';

/** Applicants whose parsed answers are kept (about 20 kB each); beyond this the oldest are parsed again. */
const KEPT = 1_000;

export interface ParsedAnswers {
  answers: Record<string, string | boolean>;
  keyVersions: Record<string, number>;
}

interface Entry extends ParsedAnswers {
  answersJson: string;
  keyVersionsJson: string;
}

const kept = new WeakMap<Db, BoundedMap<number, Entry>>();

/**
 * Parsing the stored answers and their versions was a third of a save. The parsed objects are
 * kept with the exact texts they came from and reused only when the row still holds those texts,
 * so a rolled-back or foreign write (the row no longer matches) simply means parsing again.
 * The entry is taken out while a save changes the objects and put back with the texts written.
 */
export function takeParsedAnswers(db: Db, userId: number, answersJson: string, keyVersionsJson: string): ParsedAnswers {
  const entries = kept.get(db);
  const entry = entries?.get(userId);
  entries?.delete(userId);
  if (entry && entry.answersJson === answersJson && entry.keyVersionsJson === keyVersionsJson) return entry;
  return {
    answers: JSON.parse(answersJson) as Record<string, string | boolean>,
    keyVersions: JSON.parse(keyVersionsJson) as Record<string, number>,
  };
}

/** Called once the texts of `parsed` are written to the row. */
export function keepParsedAnswers(db: Db, userId: number, parsed: ParsedAnswers, answersJson: string, keyVersionsJson: string): void {
  let entries = kept.get(db);
  if (!entries) kept.set(db, (entries = new BoundedMap(KEPT)));
  entries.set(userId, { answers: parsed.answers, keyVersions: parsed.keyVersions, answersJson, keyVersionsJson });
}
