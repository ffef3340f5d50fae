/**
 * Node-only loader of the college configuration. The caller decides which
 * file to read (e.g. from COLLEGE_CONFIG); this module only reads and checks.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CollegeConfigError, parseCollegeConfig, type CollegeConfig } from './schema';

export const DEMO_COLLEGE_PATH = fileURLToPath(new URL('./demo-college.json', import.meta.url));

/** Reads and validates a configuration file; throws CollegeConfigError when it is unusable. */
export function loadCollegeConfig(path: string = DEMO_COLLEGE_PATH): CollegeConfig {
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CollegeConfigError('', `cannot read ${path} (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    throw new CollegeConfigError('', `${path} is not valid JSON (${(error as Error).message})`);
  }
  return parseCollegeConfig(json);
}
