import { readFileSync } from 'node:fs';
import type { Db } from '../../db/connection';
import { replaceSchools, type SchoolCategory, type SchoolRecord } from '../../db/schools';
import { CONTROL_CHARACTER_PATTERN } from '../../src/catalogue/limits';
import { parseCsv } from './csvParse';

export const SCHOOL_CATEGORIES: readonly SchoolCategory[] = ['hs_ceeb', 'college_ceeb'];
const SCHOOL_COLUMNS: readonly (keyof SchoolRecord)[] = ['ceeb', 'name', 'address_line_1', 'city', 'state', 'zip', 'country'];
const REQUIRED: readonly (keyof SchoolRecord)[] = ['ceeb', 'name'];
const MAX_CELL_LENGTH = 200;
const MAX_REPORTED_ERRORS = 20;

export type SchoolCsvResult = { ok: true; schools: SchoolRecord[] } | { ok: false; errors: string[] };

/**
 * Reads a school list: a header row naming the columns (ceeb and name required; address_line_1,
 * city, state, zip and country optional; others ignored), one school per line. Every problem is
 * reported with its line number and nothing is imported unless the whole file is good.
 */
function parseSchoolCsv(text: string): SchoolCsvResult {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { ok: false, errors: ['The file is empty.'] };
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (missing.length > 0) return { ok: false, errors: [`The header row must name the columns ${missing.join(' and ')}.`] };
  const errors: string[] = [];
  const seen = new Map<string, number>();
  const schools: SchoolRecord[] = [];
  rows.forEach((cells, index) => {
    const line = index + 2;
    const value = (name: keyof SchoolRecord) => (cells[columns.indexOf(name)] ?? '').trim();
    const school: SchoolRecord = {
      ceeb: value('ceeb'),
      name: value('name'),
      address_line_1: value('address_line_1'),
      city: value('city'),
      state: value('state'),
      zip: value('zip'),
      country: value('country'),
    };
    if (!/^[A-Za-z0-9-]{1,12}$/.test(school.ceeb)) errors.push(`Line ${line}: the ceeb code must be 1 to 12 letters or digits.`);
    if (school.name === '') errors.push(`Line ${line}: the name is empty.`);
    if (SCHOOL_COLUMNS.map((name) => school[name]).some((cell) => cell.length > MAX_CELL_LENGTH || CONTROL_CHARACTER_PATTERN.test(cell))) {
      errors.push(`Line ${line}: a value is longer than ${MAX_CELL_LENGTH} characters or holds control characters.`);
    }
    const earlier = seen.get(school.ceeb);
    if (earlier !== undefined) errors.push(`Line ${line}: ceeb code ${school.ceeb} was already given on line ${earlier}.`);
    seen.set(school.ceeb, line);
    schools.push(school);
  });
  if (schools.length === 0 && errors.length === 0) errors.push('The file has a header but no schools.');
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, MAX_REPORTED_ERRORS) } : { ok: true, schools };
}

/** `npm run admin -- import-schools FILE.csv --category hs_ceeb`: replaces that category's list. */
export function importSchoolFile(db: Db, file: string, category: SchoolCategory, options: { isDemo?: boolean } = {}): SchoolCsvResult {
  const result = parseSchoolCsv(readFileSync(file, 'utf8'));
  if (result.ok) replaceSchools(db, category, result.schools, options.isDemo ?? false);
  return result;
}
