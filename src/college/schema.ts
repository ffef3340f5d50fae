/**
 * The configuration of the partner college: contact data, codes, links, the
 * banner window, the essay limit and the option lists it decides itself.
 *
 * Browser-safe (no node imports) so the front end can share the type and the
 * schema; reading the file lives in ./load.
 */
import * as v from 'valibot';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../catalogue/limits';
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
  },
  objectMessage,
);

export type CollegeConfig = v.InferOutput<typeof CollegeConfigSchema>;

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
