/**
 * The configuration of the partner college: contact data, codes, links, the
 * banner window, the essay limit and the option lists it decides itself.
 *
 * Browser-safe (no node imports) so the front end can share the type and the
 * schema; reading the file lives in ./load.
 */
import * as v from 'valibot';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../catalogue/limits';
import { unknownPlaceholders } from '../catalogue/letters';
import { compareDates, parseIsoDate } from '../catalogue/schema/dates';
import {
  HEX_COLOUR,
  INPUT_VARIANTS,
  MIN_TEXT_CONTRAST,
  TEXT_COLOURS,
  TEXT_SHADES,
  THEME_COLOURS,
  THEME_SHADES,
  contrastRatio,
  type ThemeColour,
  type ThemeShade,
} from './theme';

/** Raised for an invalid configuration; `path` names the offending setting. */
export class CollegeConfigError extends Error {
  override readonly name = 'CollegeConfigError';
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(path === '' ? `College configuration: ${problem}.` : `College configuration: "${path}" ${problem}.`);
  }
}

/** Messages are completed by the path, e.g. '"helpEmail" must be an e-mail address'. */
const objectMessage: v.ErrorMessage<v.StrictObjectIssue> = (issue) => {
  if (issue.expected === 'never') return 'is not a known setting';
  if (issue.kind === 'schema' && issue.path) return 'is required';
  return 'must be an object';
};

const text = () => v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('must not be empty'));

const email = () => v.pipe(v.string('must be text'), v.regex(EMAIL_PATTERN, 'must be an e-mail address'));

const phone = () => v.pipe(v.string('must be text'), v.regex(PHONE_PATTERN, 'must be a US phone number such as (555) 555-0100'));

function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

const webUrl = () => v.pipe(v.string('must be text'), v.check(isWebUrl, 'must be an http(s) URL'));

const IMAGE_PATH = /^[^\s?#]+\.(?:png|jpe?g|gif|svg|webp)(?:[?#]\S*)?$/i;

const imagePathOrUrl = () =>
  v.pipe(v.string('must be text'), v.regex(IMAGE_PATH, 'must be the path or URL of an image (.png, .jpg, .jpeg, .gif, .svg or .webp)'));

const isoDate = () =>
  v.pipe(
    v.string('must be text'),
    v.check((value) => parseIsoDate(value) !== undefined, 'must be a date written YYYY-MM-DD'),
  );

const digitsCode = (length: number) =>
  v.pipe(v.string('must be text'), v.regex(new RegExp(`^\\d{${length}}$`), `must be a ${length}-digit code`));

/**
 * A college-defined option list. '' is reserved for the '--' choice that every
 * list starts with, and a repeated value would make the stored answer ambiguous.
 */
const optionList = () =>
  v.pipe(
    v.array(v.strictObject({ value: text(), label: text() }, objectMessage), 'must be a list of { "value", "label" } pairs'),
    v.minLength(1, 'must list at least one option'),
    v.check((options) => new Set(options.map((option) => option.value)).size === options.length, 'must not repeat a value'),
  );

const hexColour = () => v.pipe(v.string('must be text'), v.regex(HEX_COLOUR, 'must be a colour written #rrggbb'));

/** A shade written as text (or under white text) must stay readable on white. */
const readableOnWhite = (): v.GenericSchema<string> =>
  v.pipe(
    hexColour(),
    v.check(
      (value) => contrastRatio(value, '#ffffff') >= MIN_TEXT_CONTRAST,
      (issue) =>
        `is too pale to read on white (contrast ${contrastRatio(String(issue.input), '#ffffff').toFixed(1)}:1; at least ${MIN_TEXT_CONTRAST}:1 is needed)`,
    ),
  );

/** The four shades of one colour. */
const shades = (colour: ThemeColour) => {
  const entries = THEME_SHADES.map((shade) => {
    const schema: v.GenericSchema<string> = TEXT_COLOURS.includes(colour) && TEXT_SHADES.includes(shade) ? readableOnWhite() : hexColour();
    return [shade, v.optional(schema)] as const;
  });
  return v.strictObject(
    Object.fromEntries(entries) as Record<ThemeShade, v.OptionalSchema<v.GenericSchema<string>, undefined>>,
    objectMessage,
  );
};

/** The theme: the input variant and any shades the college overrides (the rest keep tokens.css). */
const theme = () =>
  v.strictObject(
    {
      inputVariant: v.optional(v.picklist(INPUT_VARIANTS, `must be ${INPUT_VARIANTS.map((variant) => `"${variant}"`).join(' or ')}`)),
      colours: v.optional(
        v.strictObject(
          Object.fromEntries(THEME_COLOURS.map((colour) => [colour, v.optional(shades(colour))])) as Record<
            ThemeColour,
            v.OptionalSchema<ReturnType<typeof shades>, undefined>
          >,
          objectMessage,
        ),
      ),
    },
    objectMessage,
  );

/** A name the college gives a rating, a recommendation or a decision code, as it is stored. */
const code = () =>
  v.pipe(v.string('must be text'), v.regex(/^[a-z][a-z0-9_]{0,30}$/, 'must be a lower-case code such as "admit" (letters, digits, _)'));

const wholeNumber = () => v.pipe(v.number('must be a number'), v.integer('must be a whole number'));

const unique =
  <T>(keyOf: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map(keyOf)).size === items.length;

/**
 * The review form: ratings on a scale, a recommendation from the college's list, and a comment.
 * An application is flagged for committee when its reviews recommend different things or any
 * rating differs by more than flagSpread between reviews.
 */
const review = () =>
  v.strictObject(
    {
      ratings: v.pipe(
        v.array(
          v.pipe(
            v.strictObject({ key: code(), label: text(), min: wholeNumber(), max: wholeNumber() }, objectMessage),
            v.forward(
              v.check(({ min, max }) => min < max, 'must be more than min'),
              ['max'],
            ),
          ),
          'must be a list of ratings',
        ),
        v.minLength(1, 'must list at least one rating'),
        v.check(
          unique((rating) => rating.key),
          'must not repeat a key',
        ),
      ),
      recommendations: v.pipe(
        v.array(v.strictObject({ value: code(), label: text() }, objectMessage), 'must be a list of { "value", "label" } pairs'),
        v.minLength(2, 'must list at least two recommendations'),
        v.check(
          unique((option) => option.value),
          'must not repeat a value',
        ),
      ),
      flagSpread: v.pipe(wholeNumber(), v.minValue(0, 'must be 0 or more')),
      /** How many reviews each application gets: the queue offers it until it has them. */
      readsPerApplication: v.pipe(wholeNumber(), v.minValue(1, 'must be at least 1'), v.maxValue(10, 'must be at most 10')),
    },
    objectMessage,
  );

/** A decision's letter: Markdown whose placeholders a letter can fill in. */
const letterTemplate = () =>
  v.pipe(
    text(),
    v.check(
      (markdown) => unknownPlaceholders(markdown).length === 0,
      (issue) => `names no known value: ${unknownPlaceholders(String(issue.input)).join(', ')}`,
    ),
  );

/** The college's decision codes, each with its label and the letter its applicants receive. */
const decisions = () =>
  v.pipe(
    v.array(v.strictObject({ code: code(), label: text(), letter: letterTemplate() }, objectMessage), 'must be a list of decisions'),
    v.minLength(1, 'must list at least one decision'),
    v.check(
      unique((decision) => decision.code),
      'must not repeat a code',
    ),
  );

const CollegeConfigSchema = v.strictObject(
  {
    name: text(),
    applicationTitle: text(),
    logo: imagePathOrUrl(),
    phone: phone(),
    helpEmail: email(),
    admissionsEmail: email(),
    satCode: digitsCode(4),
    actCode: digitsCode(4),
    schoolCode: v.pipe(v.string('must be text'), v.regex(/^[A-Za-z0-9]{1,10}$/, 'must be 1 to 10 letters or digits')),
    financialAidUrl: webUrl(),
    testProviderUrls: v.strictObject({ SAT: webUrl(), ACT: webUrl(), TOEFL: webUrl() }, objectMessage),
    /** The date-based welcome banner shows from startDate to endDate inclusive. */
    banner: v.pipe(
      v.strictObject({ startDate: isoDate(), endDate: isoDate() }, objectMessage),
      v.forward(
        v.check(({ startDate, endDate }) => {
          const [start, end] = [parseIsoDate(startDate), parseIsoDate(endDate)];
          return !start || !end || compareDates(start, end) <= 0;
        }, 'must not be before banner.startDate'),
        ['endDate'],
      ),
    ),
    essayLimit: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(100_000, 'must be at most 100000'),
    ),
    entryTerms: optionList(),
    majors: optionList(),
    decisionTypes: optionList(),
    housingOptions: optionList(),
    privacyNotice: text(),
    techSupport: v.strictObject({ name: text(), email: email(), phone: phone(), hours: v.optional(text()) }, objectMessage),
    theme: v.optional(theme()),
    review: review(),
    decisions: decisions(),
  },
  objectMessage,
);

export type CollegeConfig = v.InferOutput<typeof CollegeConfigSchema>;

/** The settings only the admissions office uses: the review form and the decisions with their letters. */
const STAFF_ONLY_SETTINGS = ['review', 'decisions'] as const;

/** What every page may read of the configuration (the applicants' pages load it): all but the staff-only settings. */
export type PublicCollegeConfig = Omit<CollegeConfig, (typeof STAFF_ONLY_SETTINGS)[number]>;

/** The configuration without its staff-only settings: a decision letter's template never reaches an applicant's browser. */
export function publicCollegeConfig(college: CollegeConfig): PublicCollegeConfig {
  return Object.fromEntries(
    Object.entries(college).filter(([key]) => !(STAFF_ONLY_SETTINGS as readonly string[]).includes(key)),
  ) as PublicCollegeConfig;
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

export function parseCollegeConfig(json: unknown): CollegeConfig {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new CollegeConfigError('', 'must be a JSON object');
  }
  const result = v.safeParse(CollegeConfigSchema, json);
  if (!result.success) {
    const [issue] = result.issues;
    throw new CollegeConfigError(issuePath(issue), issue.message);
  }
  return result.output;
}
