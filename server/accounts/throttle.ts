import type { Db } from '../../db/connection';
import { clearCountersWithPrefix, decrementCounter, incrementCounter } from '../../db/throttle';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Budgets for guessing and for mail. Password guesses are counted per account and client
 * address together (tight), per account (loose) and per client address (loose): an attacker
 * elsewhere can slow an applicant's account down but, every window being short and a completed
 * password reset clearing the account's counters, never keep its owner out for good.
 */
export const THROTTLE_POLICIES = {
  passwordPerAccountAndClient: { limit: 10, windowMs: 15 * MINUTE },
  passwordPerAccount: { limit: 100, windowMs: HOUR },
  passwordPerClient: { limit: 100, windowMs: 15 * MINUTE },
  codePerClient: { limit: 30, windowMs: HOUR },
  resetPerClient: { limit: 20, windowMs: HOUR },
  mailPerAddress: { limit: 5, windowMs: HOUR },
  mailPerClient: { limit: 50, windowMs: HOUR },
} as const;

export type ThrottlePolicy = keyof typeof THROTTLE_POLICIES;

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

export function createThrottle(deps: { db: Db; clock: Clock }) {
  const keyOf = (policy: ThrottlePolicy, subject: string) => `${policy}:${subject}`;

  /**
   * Counts an attempt before it is evaluated, and refuses it with 429 once the budget is spent.
   * Counting first matters: a burst of parallel guesses is counted one by one (SQLite writes are
   * synchronous here), so no burst gets more evaluations than the limit.
   */
  function spend(policy: ThrottlePolicy, subject: string): void {
    const { limit, windowMs } = THROTTLE_POLICIES[policy];
    const now = deps.clock.now();
    const counter = incrementCounter(deps.db, keyOf(policy, subject), now, windowMs);
    if (counter.count > limit) {
      const retryAfterMs = counter.windowStart + windowMs - now;
      throw new HttpError(429, tooManyAttemptsMessage(retryAfterMs), {}, { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) });
    }
  }

  return {
    spend,
    /** Spends from several budgets; the first one exhausted refuses the attempt. */
    spendAll(entries: readonly [ThrottlePolicy, string][]): void {
      for (const [policy, subject] of entries) spend(policy, subject);
    },
    /** Returns the units of an attempt that succeeded: only failures should use up a budget. */
    refund(entries: readonly [ThrottlePolicy, string][]): void {
      for (const [policy, subject] of entries) decrementCounter(deps.db, keyOf(policy, subject));
    },
    /** Forgets every password-guess counter of an account, from whichever client. */
    clearAccount(username: string): void {
      clearCountersWithPrefix(deps.db, keyOf('passwordPerAccount', username));
      clearCountersWithPrefix(deps.db, keyOf('passwordPerAccountAndClient', `${username}|`));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
