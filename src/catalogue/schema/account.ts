/**
 * Account forms: log in, sign up,
 * confirm, forgot, resend and reset. Messages are the specification's words.
 */
import * as v from 'valibot';
import {
  CONFIRMATION_CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  RESET_ID_MAX_LENGTH,
  RESET_ID_MIN_LENGTH,
} from '../limits';

export const ACCOUNT_MESSAGES = {
  usernameInvalid: 'Your email address must be valid.',
  loginUsernameInvalid: 'Please provide a valid email address.',
  resendUsernameInvalid: 'You must provide a valid email address to resend a confirmation code.',
  usernameNotPlain:
    'Enter your email address on its own, like name@example.com: no name, quotes, angle brackets, commas or hidden characters, and no dot at the end.',
  passwordRequired: 'Password is required.',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  passwordsMustMatch: 'passwords must match',
  codeInvalid: `The confirmation code must be exactly ${CONFIRMATION_CODE_LENGTH} numbers.`,
  resetIdInvalid: 'This password reset link is invalid. Please request a new one.',
} as const;

/**
 * What cannot be part of a plain address and says it is more than one: control and format
 * characters (NUL, ESC, BEL, NEL, zero-width and bidirectional marks) and the punctuation of display
 * names, angle brackets and address lists. Mail software reads such input as another, or several,
 * mailboxes. (Whitespace is refused too, by PLAIN_ADDRESS, with the form's own message.)
 */
const NOT_PLAIN_ADDRESS_CHARACTER = /[\p{Cc}\p{Cf}"<>(),;:\\[\]]/u;
/**
 * local@label.label, without whitespace: the domain's labels are letters, marks, digits and
 * hyphens, so nothing ends in a dot. Every class stops at the character that follows it, so matching
 * takes time linear in the length whatever the input (no backtracking over ambiguous splits).
 */
const PLAIN_ADDRESS = /^[^@\s]+@(?:[\p{L}\p{M}\p{N}-]+\.)+[\p{L}\p{M}\p{N}-]+$/u;

/** The domain as mail servers look it up: its ASCII (IDNA) form, lower-case; undefined if it has none. */
function asciiDomain(domain: string): string | undefined {
  try {
    const { hostname } = new URL(`http://${domain}/`);
    return hostname === '' ? undefined : hostname;
  } catch {
    return undefined;
  }
}

/**
 * Usernames are e-mail addresses, kept as the mailbox mail is delivered to: trimmed, lower-case,
 * the domain in its ASCII form. One mailbox is one account (and one mail budget) however it is typed.
 */
export function normaliseUsername(username: string): string {
  const trimmed = username.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 0 || trimmed.length > EMAIL_MAX_LENGTH || !PLAIN_ADDRESS.test(trimmed)) return trimmed;
  const domain = asciiDomain(trimmed.slice(at + 1));
  return domain === undefined ? trimmed : `${trimmed.slice(0, at)}@${domain}`;
}

/**
 * A username is a plain address and nothing else. The length is checked first and the pipe stops
 * at the first failing rule, so no later rule ever runs over an over-long input.
 */
export const username = (message: string) =>
  v.config(
    v.pipe(
      v.string(message),
      // The only transformation, first: a later one would mark the whole form untyped on any issue.
      v.transform(normaliseUsername),
      v.maxLength(EMAIL_MAX_LENGTH, message),
      v.check((value) => !NOT_PLAIN_ADDRESS_CHARACTER.test(value), ACCOUNT_MESSAGES.usernameNotPlain),
      v.check((value) => !value.endsWith('.'), ACCOUNT_MESSAGES.usernameNotPlain),
      v.regex(PLAIN_ADDRESS, message),
      v.check((value) => asciiDomain(value.slice(value.lastIndexOf('@') + 1)) !== undefined, message),
    ),
    { abortPipeEarly: true },
  );

export type PasswordRequirement = {
  readonly id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special' | 'whitespace';
  /** Shown in the requirement list under the password field. */
  readonly text: string;
  readonly test: (password: string) => boolean;
};

/** The field error of a broken requirement repeats the text the list shows. */
function passwordRequirementMessage(requirement: Pick<PasswordRequirement, 'text'>): string {
  return `Choose a password that ${requirement.text}.`;
}

export const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  {
    id: 'length',
    text: `is at least ${MIN_PASSWORD_LENGTH} characters`,
    test: (password) => [...password].length >= MIN_PASSWORD_LENGTH,
  },
  {
    id: 'uppercase',
    text: 'contains at least one uppercase letter',
    test: (password) => /\p{Lu}/u.test(password),
  },
  {
    id: 'lowercase',
    text: 'contains at least one lowercase letter',
    test: (password) => /\p{Ll}/u.test(password),
  },
  {
    id: 'number',
    text: 'contains at least one number',
    test: (password) => /\p{Nd}/u.test(password),
  },
  {
    id: 'special',
    text: 'contains at least one special character',
    // Anything that is neither a letter, a digit nor whitespace counts.
    test: (password) => /[^\p{L}\p{N}\s]/u.test(password),
  },
  {
    id: 'whitespace',
    text: 'does not begin or end with whitespace',
    test: (password) => !/^\s|\s$/u.test(password),
  },
];

export type RequirementState = 'inactive' | 'error' | 'success';

/** The requirement list stays neutral until the applicant starts typing. */
export function passwordRequirementStates(password: string): { id: PasswordRequirement['id']; text: string; state: RequirementState }[] {
  return PASSWORD_REQUIREMENTS.map(({ id, text, test }) => ({
    id,
    text,
    state: password === '' ? 'inactive' : test(password) ? 'success' : 'error',
  }));
}

/** A new password: every requirement, each failing one reported. */
export const newPassword = () =>
  v.pipe(
    v.string(ACCOUNT_MESSAGES.passwordRequired),
    v.nonEmpty(ACCOUNT_MESSAGES.passwordRequired),
    v.maxLength(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
    v.rawCheck(({ dataset, addIssue }) => {
      // An empty password already says 'Password is required.'; listing every rule adds noise.
      if (!dataset.typed || dataset.value === '') return;
      for (const requirement of PASSWORD_REQUIREMENTS) {
        if (!requirement.test(dataset.value)) addIssue({ message: passwordRequirementMessage(requirement) });
      }
    }),
  );

export const loginSchema = v.object({
  username: username(ACCOUNT_MESSAGES.loginUsernameInvalid),
  password: v.pipe(
    v.string(ACCOUNT_MESSAGES.passwordRequired),
    v.nonEmpty(ACCOUNT_MESSAGES.passwordRequired),
    v.maxLength(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
  ),
});

export const signupSchema = v.object({
  username: username(ACCOUNT_MESSAGES.usernameInvalid),
  password: newPassword(),
});

export const confirmSchema = v.object({
  username: username(ACCOUNT_MESSAGES.usernameInvalid),
  code: v.pipe(
    v.string(ACCOUNT_MESSAGES.codeInvalid),
    // Codes are often pasted from an e-mail with surrounding spaces.
    v.trim(),
    v.regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), ACCOUNT_MESSAGES.codeInvalid),
  ),
});

export const forgotSchema = v.object({ username: username(ACCOUNT_MESSAGES.usernameInvalid) });

export const resendSchema = v.object({ username: username(ACCOUNT_MESSAGES.resendUsernameInvalid) });

/** A link's random id: reset links, and staff invitations made the same way. */
export const RESET_ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${RESET_ID_MIN_LENGTH},${RESET_ID_MAX_LENGTH}}={0,2}$`);

export const resetSchema = v.pipe(
  v.object({
    username: username(ACCOUNT_MESSAGES.usernameInvalid),
    password: newPassword(),
    confirm_password: v.string(ACCOUNT_MESSAGES.passwordsMustMatch),
    id: v.pipe(v.string(ACCOUNT_MESSAGES.resetIdInvalid), v.regex(RESET_ID_PATTERN, ACCOUNT_MESSAGES.resetIdInvalid)),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) => input.password === input.confirm_password,
      ACCOUNT_MESSAGES.passwordsMustMatch,
    ),
    ['confirm_password'],
  ),
);

export type LoginInput = v.InferOutput<typeof loginSchema>;
export type SignupInput = v.InferOutput<typeof signupSchema>;
export type ConfirmInput = v.InferOutput<typeof confirmSchema>;
export type ForgotInput = v.InferOutput<typeof forgotSchema>;
export type ResendInput = v.InferOutput<typeof resendSchema>;
export type ResetInput = v.InferOutput<typeof resetSchema>;
