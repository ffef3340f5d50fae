/**
 * The school and address lookup's query (GET /lookup/find): suggestions for what was typed, or,
 * with an id, the detail of the chosen suggestion. Each parameter is given once: `?text=a&text=b`
 * is a malformed request, not two searches.
 */
import * as v from 'valibot';
import { LOOKUP_MAX_RESULTS, LOOKUP_TEXT_MAX_LENGTH } from '../limits';

/** What a lookup searches: high schools, colleges (both by CEEB code or name), or US cities and ZIP codes. */
const LOOKUP_CATEGORIES = ['hs_ceeb', 'college_ceeb', 'address'] as const;
export type LookupCategory = (typeof LOOKUP_CATEGORIES)[number];

const LOOKUP_MESSAGES = {
  category: `category must be one of ${LOOKUP_CATEGORIES.join(', ')}.`,
  textRequired: 'text is required.',
  textTooLong: `text must be at most ${LOOKUP_TEXT_MAX_LENGTH} characters.`,
  maxResults: `max_results must be a whole number from 1 to ${LOOKUP_MAX_RESULTS}.`,
  idUnknown: 'id is not a known entry.',
} as const;

const category = v.picklist(LOOKUP_CATEGORIES, LOOKUP_MESSAGES.category);

const suggestionQuery = v.object({
  category,
  text: v.pipe(v.string(LOOKUP_MESSAGES.textRequired), v.maxLength(LOOKUP_TEXT_MAX_LENGTH, LOOKUP_MESSAGES.textTooLong)),
  max_results: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, LOOKUP_MESSAGES.maxResults),
      v.transform(Number),
      v.minValue(1, LOOKUP_MESSAGES.maxResults),
      v.maxValue(LOOKUP_MAX_RESULTS, LOOKUP_MESSAGES.maxResults),
    ),
    String(LOOKUP_MAX_RESULTS),
  ),
});

/** An id is a CEEB code or a ZIP code: a few letters, digits and hyphens. */
const detailQuery = v.object({
  category,
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,12}$/, LOOKUP_MESSAGES.idUnknown)),
});

/** A parameter given more than once counts as not given. */
const single = (value: unknown) => (Array.isArray(value) ? undefined : value);

/** The lookup's query string: with an id it asks for a detail, without one for suggestions. */
export const lookupQuerySchema = v.pipe(
  v.looseObject({}),
  v.transform((query) => ({
    category: single(query.category),
    text: single(query.text),
    id: single(query.id),
    max_results: single(query.max_results),
  })),
  v.lazy((query) =>
    typeof query === 'object' && query !== null && 'id' in query && query.id !== undefined ? detailQuery : suggestionQuery,
  ),
);
export type LookupQuery = v.InferOutput<typeof lookupQuerySchema>;
