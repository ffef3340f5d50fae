/**
 * Option lists of select and radio questions.
 *
 * Browser-safe: no node imports. Countries and regions come from compact lists compiled from
 * i18n-iso-countries and provinces (data/generate.ts; a test keeps them in step with the
 * packages), and each list is built on first use and cached.
 */
import type { PublicCollegeConfig } from '../college/schema';
import { CA_REGIONS, COUNTRIES, US_REGIONS } from './data/compiledLists';

export type Option = { readonly value: string; readonly label: string };
export type OptionList = readonly Option[];

/** Every list starts with this empty choice, so '' is always selectable. */
export const EMPTY_OPTION: Option = { value: '', label: '--' };

export function withEmptyOption(options: OptionList): OptionList {
  return [EMPTY_OPTION, ...options];
}

/** Defers building a list until first use, then keeps it. */
function cached(build: () => OptionList): () => OptionList {
  let list: OptionList | undefined;
  return () => (list ??= Object.freeze(build()));
}

// One collator for every sort: localeCompare with a locale builds a new one for each comparison.
const english = new Intl.Collator('en');
const byLabel = (a: Option, b: Option) => english.compare(a.label, b.label);

export const USA = 'USA';
export const CANADA = 'CAN';
const USA_LABEL = 'United States';

/** Countries other than the United States, sorted by English name. */
const otherCountries = cached(() =>
  COUNTRIES.filter(([alpha3]) => alpha3 !== USA)
    .map(([value, label]) => ({ value, label }))
    .sort(byLabel),
);

/** Countries by ISO alpha-3 code; most applicants live in the US, so it comes first. */
export const countries = cached(() => [EMPTY_OPTION, { value: USA, label: USA_LABEL }, ...otherCountries()]);
export const countriesNoUsa = cached(() => withEmptyOption(otherCountries()));

/** Military mail regions; the provinces package does not list them. */
const ARMED_FORCES_AREAS = ['Armed Forces Americas', 'Armed Forces Europe', 'Armed Forces Pacific'];

function regionOptions(names: readonly string[]): Option[] {
  return names.map((name) => ({ value: name, label: name })).sort(byLabel);
}

const usStateNames = cached(() => regionOptions([...US_REGIONS, ...ARMED_FORCES_AREAS]));
const caProvinceNames = cached(() => regionOptions(CA_REGIONS));

/** US states, DC, territories and armed-forces areas; value equals name. */
export const usStates = cached(() => withEmptyOption(usStateNames()));
export const caProvinces = cached(() => withEmptyOption(caProvinceNames()));
export const stateAndProvince = cached(() => withEmptyOption([...usStateNames(), ...caProvinceNames()]));

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const months = cached(() => withEmptyOption(MONTH_NAMES.map((label, index) => ({ value: String(index + 1), label }))));

export const yesNo = cached(() =>
  withEmptyOption([
    { value: 'Y', label: 'Yes' },
    { value: 'N', label: 'No' },
  ]),
);

export type YearOptionsSpec = {
  /** First year of the list; defaults to the current year. */
  readonly start?: number;
  readonly count: number;
  /** 'past' counts down from start, 'future' counts up. */
  readonly direction: 'past' | 'future';
};

export function yearOptions({ start = new Date().getFullYear(), count, direction }: YearOptionsSpec): OptionList {
  const step = direction === 'past' ? -1 : 1;
  const years = Array.from({ length: Math.max(0, count) }, (_, index) => String(start + index * step));
  return withEmptyOption(years.map((year) => ({ value: year, label: year })));
}

/**
 * A year select whose first year is the current year plus `startOffset`. With `underWayFrom` (a
 * month, 1–12), from that month on the current year is already under way (the fall intake has
 * started, the class has graduated) and the list starts a year later.
 */
type RelativeYears = {
  readonly years: {
    readonly startOffset?: number;
    readonly count: number;
    readonly direction: 'past' | 'future';
    readonly underWayFrom?: number;
    /**
     * Listed nearest first around the year most applicants pick (the year of the coming graduation:
     * this year until this month, 1–12, next year from it), instead of from the furthest year.
     */
    readonly nearestFrom?: number;
  };
};

/** Years ordered by their distance from `expected`, the later one first between two as near. */
const nearestFirst = (list: OptionList, expected: number): OptionList =>
  [...list].sort((a, b) => {
    if (a.value === '' || b.value === '') return a.value === '' ? -1 : 1;
    const [x, y] = [Number(a.value), Number(b.value)];
    return Math.abs(x - expected) - Math.abs(y - expected) || y - x;
  });

const STATIC_LISTS = {
  countries,
  countriesNoUsa,
  stateAndProvince,
  usStates,
  caProvinces,
  months,
  yesNo,
} as const;

type StaticListName = keyof typeof STATIC_LISTS;
/** Lists that each college configures for itself. */
const COLLEGE_LIST_NAMES = ['entryTerms', 'majors', 'decisionTypes', 'housingOptions'] as const;
type CollegeListName = (typeof COLLEGE_LIST_NAMES)[number];
export type OptionListName = StaticListName | CollegeListName;
export type CollegeLists = Pick<PublicCollegeConfig, CollegeListName>;

/** Where a question's options come from: a named list, a year range or inline pairs. */
export type OptionSource = OptionListName | RelativeYears | OptionList;

function isCollegeListName(name: string): name is CollegeListName {
  return (COLLEGE_LIST_NAMES as readonly string[]).includes(name);
}

export function resolveOptions(listName: OptionListName, college: CollegeLists): OptionList {
  return isCollegeListName(listName) ? withEmptyOption(college[listName]) : STATIC_LISTS[listName]();
}

/**
 * Options of any source. Year lists depend on the current year, so `now` is a
 * parameter; inline lists are returned as written (they include '--').
 */
export function resolveOptionSource(source: OptionSource, college: CollegeLists, now: Date = new Date()): OptionList {
  if (typeof source === 'string') return resolveOptions(source, college);
  if ('years' in source) {
    const { startOffset = 0, count, direction, underWayFrom, nearestFrom } = source.years;
    const underWay = underWayFrom !== undefined && now.getMonth() + 1 >= underWayFrom ? 1 : 0;
    const years = yearOptions({ start: now.getFullYear() + startOffset + underWay, count, direction });
    return nearestFrom === undefined ? years : nearestFirst(years, now.getFullYear() + (now.getMonth() + 1 >= nearestFrom ? 1 : 0));
  }
  return source;
}

/** The label to store in the `_desc` companion of a chosen value. */
export function optionLabel(options: OptionList, value: string): string {
  return value === '' ? '' : (options.find((option) => option.value === value)?.label ?? '');
}
