/**
 * Business constants and limits (plus the few
 * patterns every rule shares). Each number or pattern the specification names
 * lives here exactly once; rules, machines and components import it instead of
 * repeating a literal, so a policy change is a one-line edit.
 */

// --- Session and account ----------------------------------------------------

/** Inactivity limit: 15 minutes. */
export const INACTIVITY_TIMEOUT_MS = 900_000;
/** The 'Still working?' modal opens this long before the limit. */
export const INACTIVITY_WARNING_MS = 60_000;
export const CONFIRMATION_CODE_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 12;
/** Longer passwords only cost hashing time; the limit is ours, not the spec's. */
export const MAX_PASSWORD_LENGTH = 256;
/** RFC 5321 path limit; anything longer cannot be a deliverable address. */
export const EMAIL_MAX_LENGTH = 254;
/** Reset links carry a random id; shorter ids could be guessed. */
export const RESET_ID_MIN_LENGTH = 32;
export const RESET_ID_MAX_LENGTH = 256;

// --- Answers ------------------------------------------------------------------

/** Default maximum length of a text input. */
export const DEFAULT_MAX_LENGTH = 45;
/** Names of schools, activities and honours, and the counselor's fields: real ones run longer than 45. */
export const LONG_NAME_MAX_LENGTH = 100;
/** A street address line (a school's too): real ones, abroad above all, run longer than 45. */
export const ADDRESS_LINE_MAX_LENGTH = 100;
/** Default maximum length of a text area (the college may configure its essay). */
export const TEXTAREA_MAX_LENGTH = 1500;
export const TEXTAREA_ROWS = 6;
/** The college's configured essay limit in the demo configuration. */
export const DEFAULT_ESSAY_LIMIT = 7000;
/** `_desc` companions hold an option label; labels are short. */
export const DESC_MAX_LENGTH = 200;
/** Length of an ISO date 'YYYY-MM-DD'. */
export const DATE_LENGTH = 10;
/** Length of a formatted SSN '###-##-####'. */
export const SSN_LENGTH = 11;
/** Value stored in a document answer once its conversion completed. */
export const DOCUMENT_ANSWERED = 'ANSWERED';

export const ADD_ANOTHER_MAX = 10;
export const ADD_ANOTHER_DEFAULT = 1;

// --- Application rules --------------------------------------------------------

export const MIN_AGE_YEARS = 13;
/** Birth years further back than this are not supported. */
export const BIRTH_YEARS_BACK = 100;
export const SAT_SECTION_SCORE = { min: 200, max: 800, step: 10 } as const;
export const SAT_ESSAY_SCORE = { min: 2, max: 8 } as const;
export const ACT_COMPOSITE_SCORE = { min: 1, max: 36 } as const;
/** Supported years of the mailing address effective date, relative to now. */
export const MAILING_DATE_WINDOW = { yearsBack: 3, yearsForward: 4 } as const;
export const ZIP_MIN_LENGTH = 5;

// --- Files ----------------------------------------------------------------------

export const FILE_MAX_BYTES = 1024 * 1024;
export const FILE_NAME_MAX_LENGTH = 32;
export const FILE_TYPES = ['png', 'jpeg', 'jpg', 'pdf', 'docx'] as const;
export const MAX_FILES = 1;
export const FILE_MESSAGES = {
  tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  wrongType: `You can only enter the following file types: ${FILE_TYPES.map((type) => `.${type}`).join(', ')}`,
  empty: 'Your file is empty. Please upload a non-empty file.',
  // The specification gives no wording for this rule.
  nameTooLong: `Your file name is too long. Please use at most ${FILE_NAME_MAX_LENGTH} characters, including the extension.`,
} as const;

// --- Patterns ---------------------------------------------------------------------

/**
 * US-style phone number: area code and exchange start with 2-9. Accepts the
 * auto-formatted '(###) ###-####' and plain digits with optional dashes,
 * dots or spaces between the groups, after an optional +1 country code.
 */
export const PHONE_PATTERN = /^(?:\+?1[-. ]?)?(?:\([2-9]\d{2}\) ?|[2-9]\d{2}[-. ]?)[2-9]\d{2}[-. ]?\d{4}$/;
/** A number that starts with + and a country code other than 1: not a US number, whatever its digits. */
export const FOREIGN_PHONE_PATTERN = /^\s*\+(?!\s*1)/;
/** Deliberately basic: the mail server is the real judge of an address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Control characters other than tab, line feed and carriage return. */
export const CONTROL_CHARACTER_PATTERN = /(?![\t\n\r])\p{Cc}/u;
/** Any control character (C0, DEL and C1): none belongs in a single-line answer. */
export const ANY_CONTROL_CHARACTER_PATTERN = /\p{Cc}/u;
/** Line breaks of every kind, control characters or not (NEL, line and paragraph separators). */
export const LINE_BREAK_PATTERN = /[\n\r\u0085\u2028\u2029]/u;
/** The line breaks a text area keeps: LF and CRLF. */
export const TEXTAREA_LINE_BREAKS = /\r\n|\n/g;
/** Characters that reorder how text reads (embeddings, overrides, isolates, marks): never in an answer. */
export const BIDI_CONTROL_PATTERN = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** A character that shows something: not a space, nor a control, format or otherwise invisible character. */
export const VISIBLE_CHARACTER_PATTERN = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]/u;

// --- Timing -------------------------------------------------------------------------

export const DOCUMENT_POLL_MS = 2000;
export const PDF_POLL_FIRST_MS = 1000;
export const PDF_POLL_MS = 600_000;
export const WEB_STATUS_RETRIES = 2;
export const TOAST_MS = 5000;
export const ERROR_TOAST_MS = 300_000;

// --- Interface --------------------------------------------------------------------

export const SWIPE_THRESHOLD_PX = 50;
export const LOOKUP_MAX_RESULTS = 5;
/** What a lookup searches for: as long as the longest answer a lookup starts from (a school's name). */
export const LOOKUP_TEXT_MAX_LENGTH = 100;
export const LOOKUP_DEBOUNCE_MS = 200;
export const LOOKUP_MAX_WAIT_MS = 500;
export const POPOVER_OFFSET = 5;
export const BUTTON_SIZES = {
  next: { width: '15rem', height: '3rem' },
  submit: { width: '10rem', height: '3rem' },
} as const;
/** Modal widths; `tablet` from 1024 px down (src/ui/Dialog.css). */
export const MODAL_SIZES = {
  desktop: { xs: '30rem', s: '60rem', m: '80vw' },
  tablet: { xs: '30rem', s: '70vw', m: '90vw' },
} as const;
/** The loading indicator's sizes. */
export const LOADING_SIZES = { small: '0.4rem', medium: '0.8rem', large: '2rem' } as const;
export const VALIDATION_CACHE_SIZE = 512;
/** Value of NODE_ENV that enables the development configuration checks. */
export const DEVELOPMENT_MODE = 'development';
