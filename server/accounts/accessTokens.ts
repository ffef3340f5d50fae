import type { Db } from '../../db/connection';
import { createServiceToken, createTmpToken, deleteServiceTokensOf, findServiceTokenUser, findTmpAnswers } from '../../db/accessTokens';
import { ACCESS_TOKEN_TTL_MS } from './sessionPolicy';
import { keyedHash, randomToken } from './secrets';

/**
 * Read-only links for the admissions office (service tokens, one application each) and for
 * anonymous visitors given prepared answers (tmp tokens). Only keyed hashes are stored.
 */
export function createAccessTokens(deps: { db: Db; secret: Buffer; now: () => number }) {
  const hashOf = (token: string) => keyedHash(deps.secret, 'access', token);
  return {
    issueServiceToken(userId: number, ttlMs = ACCESS_TOKEN_TTL_MS): string {
      const token = randomToken();
      const now = deps.now();
      createServiceToken(deps.db, hashOf(token), userId, now + ttlMs, now);
      return token;
    },
    issueTmpToken(answersJson: string, ttlMs = ACCESS_TOKEN_TTL_MS): string {
      const token = randomToken();
      const now = deps.now();
      createTmpToken(deps.db, hashOf(token), answersJson, now + ttlMs, now);
      return token;
    },
    /** Every staff link of the applicant stops working now, not at its expiry; answers how many. */
    revokeStaffLinks(userId: number): number {
      return deleteServiceTokensOf(deps.db, userId);
    },
    /** The applicant whose application a staff link opens, while the link is valid. */
    staffLinkApplicant(token: string): number | undefined {
      return findServiceTokenUser(deps.db, hashOf(token), deps.now());
    },
    tmpAnswers(token: string): string | undefined {
      return findTmpAnswers(deps.db, hashOf(token), deps.now());
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
