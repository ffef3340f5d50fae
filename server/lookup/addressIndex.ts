import { createRequire } from 'node:module';
import provinceData from 'provinces/provinces.json';
import type { Db } from '../../db/connection';
import { countPlaces, replacePlaces, type PlaceRecord } from '../../db/places';
import { USA } from '../../src/catalogue/options';

interface ZipCode {
  zip: string;
  city: string;
  state: string;
  country: string;
}
const require = createRequire(import.meta.url);
// The package ships no types; only its `codes` table is used.
const zipcodes = require('zipcodes') as { codes: Record<string, ZipCode> };

/**
 * The address category: US cities and ZIP codes from the `zipcodes` package, copied into SQLite
 * (and its FTS5 index) the first time a database is started, so searches are indexed like the
 * schools. States are stored by full name, the value the state option list uses.
 */
export function loadPlacesIfEmpty(db: Db): number {
  if (countPlaces(db) > 0) return 0;
  const stateNames = new Map(
    (provinceData as readonly { short?: string; name: string; country: string }[])
      .filter((province) => province.country === 'US' && province.short)
      .map((province) => [province.short!, province.name]),
  );
  const places: PlaceRecord[] = Object.values(zipcodes.codes)
    .filter((code) => code.country === 'US')
    .map((code) => ({
      zip: code.zip,
      city: code.city,
      state: stateNames.get(code.state) ?? code.state,
      state_code: code.state,
      country: USA,
    }));
  replacePlaces(db, places);
  return places.length;
}
