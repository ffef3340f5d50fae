import type { Db } from '../../db/connection';
import { clearAccountCounters, decrementCounter, incrementCounter, takePacedSlot } from '../../db/throttle';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

interface LimitPolicy {
  kind: 'limit';
  limit: number;
  windowMs: number;
}

/** Never refuses for long: after `free` attempts, each waits for the one before it (OWASP's "slow down"). */
interface PacedPolicy {
  kind: 'paced';
  free: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * Budgets for guessing and for mail, after OWASP's guidance on brute force (Authentication and
 * "Slow Down Online Guessing Attacks with Device Cookies"):
 * - A client address can be refused: per account (tight) and over all accounts (loose).
 * - An account is never locked: guesses for it from browsers it does not know are paced, one
 *   every minute at worst, so someone elsewhere can slow its owner down by a minute at most.
 * - A browser that logged in to the account before (a signed device cookie, see deviceCookie.ts)
 *   is not held by the account's pace or the address limits, only by its own small budget.
 * - Confirmation mail and reset mail have separate budgets per address, so asking for codes
 *   cannot use up the owner's reset mail; a spent reset budget means the address already holds a
 *   working link (see resetMailLimitMessage).
 */
export const THROTTLE_POLICIES = {
  passwordPerAccountAndClient: { kind: 'limit', limit: 10, windowMs: 15 * MINUTE },
  passwordPerClient: { kind: 'limit', limit: 100, windowMs: 15 * MINUTE },
  passwordPerAccount: { kind: 'paced', free: 10, windowMs: HOUR, firstDelayMs: SECOND, maxDelayMs: MINUTE },
  passwordPerDevice: { kind: 'limit', limit: 10, windowMs: 15 * MINUTE },
  codePerClient: { kind: 'limit', limit: 30, windowMs: HOUR },
  resetPerClient: { kind: 'limit', limit: 20, windowMs: HOUR },
  confirmMailPerAddress: { kind: 'limit', limit: 5, windowMs: HOUR },
  resetMailPerAddress: { kind: 'limit', limit: 5, windowMs: HOUR },
  mailPerClient: { kind: 'limit', limit: 50, windowMs: HOUR },
} as const satisfies Record<string, LimitPolicy | PacedPolicy>;

export type ThrottlePolicy = keyof typeof THROTTLE_POLICIES;

/**
 * The budgets that count one client address over all accounts. CLIENT_LIMIT_FACTOR multiplies
 * them for a college whose applicants share an address (a school's lab behind one NAT); the
 * budgets of an account, of an address's mail and of a device never change.
 */
const PER_CLIENT_POLICIES: ReadonlySet<ThrottlePolicy> = new Set(['passwordPerClient', 'codePerClient', 'resetPerClient', 'mailPerClient']);

/** The longest window: a counter older than this is empty, whatever its policy. */
export const LONGEST_THROTTLE_WINDOW_MS = Math.max(...Object.values(THROTTLE_POLICIES).map((policy) => policy.windowMs));

/** One unit of a budget: the policy, what it counts (an address, account, pair or device) and its account. */
export interface Budget {
  policy: ThrottlePolicy;
  subject: string;
  /** The account the counter belongs to, so a completed reset can clear it. */
  account?: string;
}

/** "30 seconds" under a minute, whole minutes above, rounded up like the Retry-After header. */
function waitText(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / SECOND));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  return `Too many attempts. Please wait ${waitText(retryAfterMs)} and try again.`;
}

/**
 * The answer once an address had its reset mails for the hour. It is true for the owner: the
 * budget's window is one hour and so is a link's life, so the newest link mailed in the window
 * still works; and it is the same for every address, so it tells nobody who has an account.
 */
export function resetMailLimitMessage(retryAfterMs: number): string {
  return (
    `If an account exists for this email address, it has already been sent ${THROTTLE_POLICIES.resetMailPerAddress.limit} ` +
    `password reset links in the last hour, and the link in the newest of those emails works. ` +
    `Please use it, or wait ${waitText(retryAfterMs)} to ask for another.`
  );
}

const REFUSAL_MESSAGES: Partial<Record<ThrottlePolicy, (retryAfterMs: number) => string>> = {
  resetMailPerAddress: resetMailLimitMessage,
};

function refuse(policy: ThrottlePolicy, retryAfterMs: number): HttpError {
  const message = (REFUSAL_MESSAGES[policy] ?? tooManyAttemptsMessage)(retryAfterMs);
  return new HttpError(429, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / SECOND))) });
}

function pacedDelay(policy: PacedPolicy, count: number): number {
  if (count <= policy.free) return 0;
  return Math.min(policy.firstDelayMs * 2 ** (count - policy.free - 1), policy.maxDelayMs);
}

export function createThrottle(deps: { db: Db; clock: Clock; clientLimitFactor?: number }) {
  const clientLimitFactor = deps.clientLimitFactor ?? 1;
  const limitOf = (name: ThrottlePolicy, policy: LimitPolicy) => policy.limit * (PER_CLIENT_POLICIES.has(name) ? clientLimitFactor : 1);
  const keyOf = (policy: ThrottlePolicy, subject: string) => `${policy}:${subject}`;

  /**
   * Counts an attempt before it is evaluated, and refuses it with 429 once the budget is spent.
   * Counting first matters: a burst of parallel guesses is counted one by one (SQLite writes are
   * synchronous here), so no burst gets more evaluations than the limit.
   */
  function spend({ policy: name, subject, account }: Budget): void {
    const policy: LimitPolicy | PacedPolicy = THROTTLE_POLICIES[name];
    const now = deps.clock.now();
    const key = keyOf(name, subject);
    if (policy.kind === 'paced') {
      const slot = takePacedSlot(deps.db, key, account ?? null, now, {
        windowMs: policy.windowMs,
        free: policy.free,
        delayAfter: (count) => pacedDelay(policy, count),
      });
      if (!slot.allowed) throw refuse(name, slot.retryAfterMs);
      return;
    }
    const counter = incrementCounter(deps.db, key, now, policy.windowMs, account ?? null);
    if (counter.count > limitOf(name, policy)) throw refuse(name, counter.windowStart + policy.windowMs - now);
  }

  return {
    /** Spends from several budgets in order; the first one exhausted refuses the attempt. */
    spendAll(budgets: readonly Budget[]): void {
      for (const budget of budgets) spend(budget);
    },
    /** Returns the units of an attempt that succeeded: only failures should use up a budget. */
    refund(budgets: readonly Budget[]): void {
      for (const { policy, subject } of budgets) decrementCounter(deps.db, keyOf(policy, subject));
    },
    /** Forgets every counter of an account (password guesses from anywhere, its devices). */
    clearAccount(username: string): void {
      clearAccountCounters(deps.db, username);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
