import type { Db } from './connection';
import { stmt } from './statements';

export interface PlaceRecord {
  zip: string;
  city: string;
  /** Full name, as the state option list stores it. */
  state: string;
  state_code: string;
  country: string;
}

export function countPlaces(db: Db): number {
  return (stmt(db, 'SELECT COUNT(*) AS n FROM places').get() as { n: number }).n;
}

/** Loads the whole list and rebuilds its index in one transaction. */
export function replacePlaces(db: Db, places: readonly PlaceRecord[]): void {
  db.transaction(() => {
    stmt(db, 'DELETE FROM places').run();
    const insert = stmt(db, 'INSERT INTO places (zip, city, state, state_code, country) VALUES (?, ?, ?, ?, ?)');
    for (const place of places) insert.run(place.zip, place.city, place.state, place.state_code, place.country);
    db.exec("INSERT INTO places_fts (places_fts) VALUES ('rebuild')");
  }).immediate();
}

/** Cities and ZIP codes by word prefix; a city or ZIP starting with the typed text comes first. */
export function searchPlaces(db: Db, match: string, startsWith: string, limit: number): PlaceRecord[] {
  return stmt(
    db,
    `SELECT p.zip, p.city, p.state, p.state_code, p.country
     FROM places_fts f JOIN places p ON p.id = f.rowid
     WHERE places_fts MATCH ?
     ORDER BY (p.city LIKE ? ESCAPE '\\' OR p.zip LIKE ? ESCAPE '\\') DESC, p.city, p.zip
     LIMIT ?`,
  ).all(match, startsWith, startsWith, limit) as PlaceRecord[];
}

export function findPlace(db: Db, zip: string): PlaceRecord | undefined {
  return stmt(db, 'SELECT zip, city, state, state_code, country FROM places WHERE zip = ?').get(zip) as PlaceRecord | undefined;
}
