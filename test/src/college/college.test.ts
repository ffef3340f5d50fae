import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CollegeConfigError, parseCollegeConfig } from '../../../src/college/schema';
import { DEMO_COLLEGE_PATH, loadCollegeConfig } from '../../../src/college/load';
import demo from '../../../src/college/demo-college.json';

const withChange = (change: Record<string, unknown>) => ({ ...structuredClone(demo), ...change });

function problem(json: unknown): string {
  try {
    parseCollegeConfig(json);
  } catch (error) {
    expect(error).toBeInstanceOf(CollegeConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('college configuration', () => {
  it('accepts the demo college', () => {
    const college = loadCollegeConfig();
    expect(college.name).toBe('Northfield College');
    expect(college.essayLimit).toBe(7000);
    expect(college.helpEmail.endsWith('example.edu')).toBe(true);
    expect(college.entryTerms.length).toBeGreaterThan(0);
    expect(loadCollegeConfig(DEMO_COLLEGE_PATH)).toEqual(college);
  });

  it('names the offending field', () => {
    expect(problem(withChange({ helpEmail: 'help' }))).toBe('College configuration: "helpEmail" must be an e-mail address.');
    expect(problem(withChange({ essayLimit: 'long' }))).toBe('College configuration: "essayLimit" must be a number.');
    expect(problem(withChange({ phone: '555-0100' }))).toBe(
      'College configuration: "phone" must be a US phone number such as (555) 555-0100.',
    );
    expect(problem(withChange({ testProviderUrls: { ...demo.testProviderUrls, ACT: 'act' } }))).toBe(
      'College configuration: "testProviderUrls.ACT" must be an http(s) URL.',
    );
    expect(problem(withChange({ majors: [{ value: 'BIO', label: '' }] }))).toBe(
      'College configuration: "majors.0.label" must not be empty.',
    );
    expect(problem(withChange({ logo: 'logo.txt' }))).toContain('"logo" must be the path or URL of an image');
  });

  it('refuses unknown and missing settings', () => {
    expect(problem(withChange({ colour: 'blue' }))).toBe('College configuration: "colour" is not a known setting.');
    const { satCode: _missing, ...rest } = demo;
    expect(problem(rest)).toBe('College configuration: "satCode" is required.');
    expect(problem([])).toBe('College configuration: must be a JSON object.');
  });

  it('checks the banner window and option lists', () => {
    expect(problem(withChange({ banner: { startDate: '2027-01-02', endDate: '2027-01-01' } }))).toBe(
      'College configuration: "banner.endDate" must not be before banner.startDate.',
    );
    expect(problem(withChange({ banner: { startDate: '2027-02-30', endDate: '2027-03-01' } }))).toBe(
      'College configuration: "banner.startDate" must be a date written YYYY-MM-DD.',
    );
    expect(problem(withChange({ decisionTypes: [] }))).toBe('College configuration: "decisionTypes" must list at least one option.');
    const repeated = [
      { value: 'ON', label: 'On campus' },
      { value: 'ON', label: 'Also on campus' },
    ];
    expect(problem(withChange({ housingOptions: repeated }))).toBe('College configuration: "housingOptions" must not repeat a value.');
  });

  it('reports unreadable files', () => {
    const directory = mkdtempSync(join(tmpdir(), 'college-'));
    const broken = join(directory, 'broken.json');
    writeFileSync(broken, '{ "name": ');
    expect(() => loadCollegeConfig(broken)).toThrow(/College configuration: .*broken\.json is not valid JSON/);
    expect(() => loadCollegeConfig(join(directory, 'missing.json'))).toThrow(/College configuration: cannot read/);
  });
});
