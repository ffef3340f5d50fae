import type { Db } from '../../db/connection';
import { createPrefillLink, createStaffLink, deleteStaffLinksOf, findPrefillAnswers, findStaffLinkApplicant } from '../../db/accessTokens';
import { ACCESS_TOKEN_TTL_MS } from './sessionPolicy';
import { DEFAULT_PAGE, PAGES } from '../../src/catalogue/pages';
import { keyedHash, randomToken } from './secrets';

/** The page a staff link opens the read-only service view at: the form's first page. */
const STAFF_LINK_PAGE = PAGES.find((page) => page.id === DEFAULT_PAGE)!.route;

/**
 * The links that open the form without an account: staff links (one application each, for the
 * admissions office to read) and prefill links (prepared answers for a visitor). Each is a random
 * token in the link's query; only keyed hashes are stored.
 */
export function createAccessTokens(deps: { db: Db; secret: Buffer; now: () => number }) {
  const hashOf = (token: string) => keyedHash(deps.secret, 'access', token);
  function issueStaffLink(userId: number, ttlMs = ACCESS_TOKEN_TTL_MS): { token: string; expiresAt: number } {
    const token = randomToken();
    const now = deps.now();
    createStaffLink(deps.db, hashOf(token), userId, now + ttlMs, now);
    return { token, expiresAt: now + ttlMs };
  }
  return {
    issueStaffLink: (userId: number, ttlMs?: number): string => issueStaffLink(userId, ttlMs).token,
    /**
     * A staff link to share (the command line's service-token, the console's "Share a read-only
     * link"): the address of the applicant's read-only service view at `baseUrl`, and when it stops opening.
     */
    shareStaffLink(userId: number, baseUrl: string): { url: string; expiresAt: number } {
      const { token, expiresAt } = issueStaffLink(userId);
      return { url: `${baseUrl}${STAFF_LINK_PAGE}?service_token=${token}`, expiresAt };
    },
    issuePrefillLink(answersJson: string, ttlMs = ACCESS_TOKEN_TTL_MS): string {
      const token = randomToken();
      const now = deps.now();
      createPrefillLink(deps.db, hashOf(token), answersJson, now + ttlMs, now);
      return token;
    },
    /** Every staff link of the applicant stops working now, not at its expiry; answers how many. */
    revokeStaffLinks(userId: number): number {
      return deleteStaffLinksOf(deps.db, userId);
    },
    /** The applicant whose application a staff link opens, while the link is valid. */
    staffLinkApplicant(token: string): number | undefined {
      return findStaffLinkApplicant(deps.db, hashOf(token), deps.now());
    },
    /** The answers a prefill link opens the form with, while the link is valid. */
    prefillAnswers(token: string): string | undefined {
      return findPrefillAnswers(deps.db, hashOf(token), deps.now());
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
