import type { Db } from '../../db/connection';
import { readProfileParts } from '../../db/profile';
import { watchedCache } from '../../db/watchedCache';
import type { AnswerStore } from './answerStore';
import { referenceOf } from '../../src/catalogue/reference';

/** Profiles kept at once (about 20 kB each with the encoded copy). */
const CACHED_PROFILES = 2_000;

interface ProfilePieces {
  /** From `,"last_page"` to `"answer":`. */
  before: string;
  /** The stored answers text, without the sealed ones. */
  answers: string;
  /** From `,"answer_version"` to the end. */
  after: string;
  hasSensitive: boolean;
  /**
   * When no answer is sealed, the whole answer encoded once, for the username it was made with
   * (the one every session of the applicant carries): sent as it is, no copy per request.
   */
  encoded?: { username: string; body: Buffer };
}

/**
 * The profile is read on every page load and changes only when the applicant writes, so its
 * serialised pieces are kept per applicant. Every table it is built from is watched: a save, a
 * page change, a login, a status, a document or a sealed answer evicts the applicant's entry in the
 * same step that writes it. Sealed answers are never kept in clear: they are opened per request.
 */
const profileCache = (db: Db) =>
  watchedCache<ProfilePieces>(
    db,
    'profiles',
    CACHED_PROFILES,
    ['applications', 'logins', 'web_status_events', 'documents', 'sensitive_answers', 'release_items'].map((table) => ({
      table,
      keyColumn: 'user_id',
    })),
  );

function profilePieces(db: Db, answerStore: AnswerStore, userId: number): ProfilePieces {
  const cache = profileCache(db);
  const cached = cache.get(userId);
  if (cached) return cached;
  const parts = readProfileParts(db, userId);
  const before = [
    '',
    `"last_page":${JSON.stringify(parts?.last_page ?? null)}`,
    `"successful_login":${parts?.logins ?? '[]'}`,
    `"web_status":${parts?.web_status ?? '[]'}`,
    `"answer":`,
  ].join(',');
  const after = [
    '',
    `"answer_version":${parts?.version ?? 0}`,
    `"submitted_at":${parts?.submitted_at ?? null}`,
    `"reference":${JSON.stringify(referenceOf(userId, parts?.submitted_at ?? null))}`,
    `"document_answer":${parts?.documents ?? '{}'}`,
    `"decision":${parts?.decision ?? null}}`,
  ].join(',');
  // Rows stored before a rule of the catalogue existed show no more than the form does.
  const answers = parts ? answerStore.settledJson(userId, parts.answers) : '{}';
  const hasSensitive = parts?.has_sensitive === 1;
  const pieces: ProfilePieces = { before, answers, after, hasSensitive };
  cache.set(userId, pieces);
  return pieces;
}

const usernamePrefix = (username: string) => `{"username":${JSON.stringify(username)}`;

/**
 * The profile response: username, last_page, successful_login, web_status, answer,
 * document_answer and, once a release has sent it, the decision letter. The stored answers are already JSON text, so they are spliced
 * in as they are: parsing and re-serialising a 150-key application on every load is wasted work.
 */
export function profileJson(db: Db, answers: AnswerStore, userId: number, username: string): string {
  const pieces = profilePieces(db, answers, userId);
  const answerJson = pieces.hasSensitive ? answers.readJson(userId, 'full', pieces.answers) : pieces.answers;
  return usernamePrefix(username) + pieces.before + answerJson + pieces.after;
}

/** The same bytes as `profileJson`, for the API answer. */
export function profileBody(db: Db, answers: AnswerStore, userId: number, username: string): Buffer {
  const pieces = profilePieces(db, answers, userId);
  if (pieces.hasSensitive) return Buffer.from(profileJson(db, answers, userId, username));
  if (pieces.encoded?.username !== username) {
    pieces.encoded = { username, body: Buffer.from(usernamePrefix(username) + pieces.before + pieces.answers + pieces.after) };
  }
  return pieces.encoded.body;
}
