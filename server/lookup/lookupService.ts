import type { Db } from '../../db/connection';
import { findPlace, searchPlaces } from '../../db/places';
import { findSchool, searchSchools, type SchoolCategory } from '../../db/schools';
import type { LookupCategory, LookupQuery } from '../../src/catalogue/schema';
import { HttpError } from '../http/errors';
import { buildTextSearch } from './ftsQuery';

interface LookupSuggestion {
  id: string;
  text: string;
  sub_text: string;
}

const US_LABEL = 'United States';

/** Suggestions for what was typed; nothing typed (or only punctuation) suggests nothing. */
function suggest(db: Db, category: LookupCategory, text: string, limit: number): LookupSuggestion[] {
  const search = buildTextSearch(text);
  if (!search) return [];
  if (category === 'address') {
    return searchPlaces(db, search.match, search.startsWith, limit).map((place) => ({
      id: place.zip,
      text: `${place.city}, ${place.state_code} ${place.zip}`,
      sub_text: `${place.state}, ${US_LABEL}`,
    }));
  }
  return searchSchools(db, category, search, limit).map((school) => ({
    id: school.ceeb,
    text: school.name,
    sub_text: [[school.city, school.state].filter(Boolean).join(', '), `CEEB ${school.ceeb}`].filter(Boolean).join(' · '),
  }));
}

/**
 * The fields a chosen suggestion fills. Schools: ceeb, name, address_line_1, city,
 * state, zip, country. Addresses: city, state, zip and country; address_line_1 is left out so the
 * street the applicant typed stays as it is.
 */
function detail(db: Db, category: LookupCategory, id: string): Record<string, string> | undefined {
  if (category === 'address') {
    const place = findPlace(db, id);
    return place && { city: place.city, state: place.state, zip: place.zip, country: place.country };
  }
  const school = findSchool(db, category satisfies SchoolCategory, id);
  return school && { ...school };
}

/**
 * GET /lookup/find: the suggestions for what was typed (at most `max_results`) or, with an id, the
 * fields the chosen suggestion fills; an id that names nothing is a 404.
 */
export function lookUp(db: Db, query: LookupQuery): LookupSuggestion[] | Record<string, string> {
  if ('id' in query) {
    const found = detail(db, query.category, query.id);
    if (!found) throw new HttpError(404, 'Nothing was found for this id.');
    return found;
  }
  return suggest(db, query.category, query.text, query.max_results);
}
