import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/connection';
import { countSchools, type SchoolCategory } from '../../db/schools';
import type { Logger } from '../log';
import { importSchoolFile } from './schoolImport';

/**
 * DEMO DATA. CEEB lists are licensed, so the product ships none: these fictional schools (every
 * name ends in "(Demo)", every code starts with 99) let a fresh installation try the search.
 * They are loaded only into an empty category, and a college's own import replaces them.
 */
const DEMO_SCHOOL_FILES: Readonly<Record<SchoolCategory, string>> = {
  hs_ceeb: fileURLToPath(new URL('./demo-high-schools.csv', import.meta.url)),
  college_ceeb: fileURLToPath(new URL('./demo-colleges.csv', import.meta.url)),
};

export function loadDemoSchoolsIfEmpty(db: Db, logger: Logger): void {
  for (const [category, file] of Object.entries(DEMO_SCHOOL_FILES) as [SchoolCategory, string][]) {
    if (countSchools(db, category) > 0) continue;
    const result = importSchoolFile(db, file, category, { isDemo: true });
    if (result.ok) logger.info('demo_schools_loaded', { category, count: result.schools.length });
    else logger.warn('demo_schools_invalid', { category, errors: result.errors });
  }
}
