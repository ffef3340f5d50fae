import type { Db } from './connection';
import { stmt } from './statements';

export type SchoolCategory = 'hs_ceeb' | 'college_ceeb';

export interface SchoolRecord {
  ceeb: string;
  name: string;
  address_line_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export function countSchools(db: Db, category: SchoolCategory): number {
  return (stmt(db, 'SELECT COUNT(*) AS n FROM schools WHERE category = ?').get(category) as { n: number }).n;
}

/** An import replaces the whole list of its category (a CEEB list is always the full list), all or nothing. */
export function replaceSchools(db: Db, category: SchoolCategory, schools: readonly SchoolRecord[], isDemo: boolean): void {
  db.transaction(() => {
    stmt(db, 'DELETE FROM schools WHERE category = ?').run(category);
    const insert = stmt(
      db,
      `INSERT INTO schools (category, ceeb, name, address_line_1, city, state, zip, country, is_demo)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const school of schools) {
      insert.run(
        category,
        school.ceeb,
        school.name,
        school.address_line_1,
        school.city,
        school.state,
        school.zip,
        school.country,
        isDemo ? 1 : 0,
      );
    }
  }).immediate();
}

/**
 * Word-prefix search (FTS5 `match`, built by the caller from letters and digits only). Names (or
 * codes) that start with what was typed come first, those where it is a whole first word before
 * those where it is part of one ("Lincoln High" before "Lincolnshire"); then FTS5's relevance.
 */
export function searchSchools(
  db: Db,
  category: SchoolCategory,
  search: { match: string; startsWith: string; startsWithWord: string },
  limit: number,
): SchoolRecord[] {
  return stmt(
    db,
    `SELECT s.ceeb, s.name, s.address_line_1, s.city, s.state, s.zip, s.country
     FROM schools_fts f JOIN schools s ON s.id = f.rowid
     WHERE schools_fts MATCH :match AND s.category = :category
     ORDER BY (s.name LIKE :startsWith ESCAPE '\\' OR s.ceeb LIKE :startsWith ESCAPE '\\') DESC,
       (s.name LIKE :startsWithWord ESCAPE '\\') DESC, bm25(schools_fts), s.name
     LIMIT :limit`,
  ).all({ ...search, category, limit }) as SchoolRecord[];
}

export function findSchool(db: Db, category: SchoolCategory, ceeb: string): SchoolRecord | undefined {
  return stmt(db, 'SELECT ceeb, name, address_line_1, city, state, zip, country FROM schools WHERE category = ? AND ceeb = ?').get(
    category,
    ceeb,
  ) as SchoolRecord | undefined;
}
