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

  it('takes a theme: input variant and colour shades (section 3)', () => {
    const theme = {
      inputVariant: 'underlined',
      colours: { primary: { main: '#5b2a86', dark: '#3b1660' }, secondary: { light: '#ffe9a8' } },
    };
    expect(parseCollegeConfig(withChange({ theme })).theme).toEqual(theme);
    expect(parseCollegeConfig(withChange({})).theme).toBeUndefined();
  });

  it('refuses a theme it cannot apply, naming the setting', () => {
    expect(problem(withChange({ theme: { inputVariant: 'dotted' } }))).toBe(
      'College configuration: "theme.inputVariant" must be "outlined" or "underlined".',
    );
    expect(problem(withChange({ theme: { colours: { primary: { main: 'purple' } } } }))).toBe(
      'College configuration: "theme.colours.primary.main" must be a colour written #rrggbb.',
    );
    expect(problem(withChange({ theme: { colours: { brand: { main: '#5b2a86' } } } }))).toBe(
      'College configuration: "theme.colours.brand" is not a known setting.',
    );
  });

  it('refuses a text colour too pale to read on white', () => {
    expect(problem(withChange({ theme: { colours: { primary: { main: '#9fb6d3' } } } }))).toBe(
      'College configuration: "theme.colours.primary.main" is too pale to read on white (contrast 2.1:1; at least 4.5:1 is needed).',
    );
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

  it('checks the review form and the decisions with their letters', () => {
    const review = structuredClone(demo.review);
    expect(problem(withChange({ review: { ...review, ratings: [{ key: 'essay', label: 'Essay', min: 5, max: 1 }] } }))).toBe(
      'College configuration: "review.ratings.0.max" must be more than min.',
    );
    const twice = [review.ratings[0], review.ratings[0]];
    expect(problem(withChange({ review: { ...review, ratings: twice } }))).toBe(
      'College configuration: "review.ratings" must not repeat a key.',
    );
    expect(problem(withChange({ review: { ...review, flagSpread: -1 } }))).toBe(
      'College configuration: "review.flagSpread" must be 0 or more.',
    );
    const decisions = structuredClone(demo.decisions);
    decisions[0]!.letter = 'Dear {{first_name}}, your {{scholarship_amount}} award.';
    expect(problem(withChange({ decisions }))).toBe(
      'College configuration: "decisions.0.letter" names no known value: scholarship_amount.',
    );
    expect(problem(withChange({ decisions: [decisions[1], decisions[1]] }))).toBe(
      'College configuration: "decisions" must not repeat a code.',
    );
    expect(problem(withChange({ decisions: [{ ...decisions[1], code: 'Admit!' }] }))).toBe(
      'College configuration: "decisions.0.code" must be a lower-case code such as "admit" (letters, digits, _).',
    );
  });

  it('reports unreadable files', () => {
    const directory = mkdtempSync(join(tmpdir(), 'college-'));
    const broken = join(directory, 'broken.json');
    writeFileSync(broken, '{ "name": ');
    expect(() => loadCollegeConfig(broken)).toThrow(/College configuration: .*broken\.json is not valid JSON/);
    expect(() => loadCollegeConfig(join(directory, 'missing.json'))).toThrow(/College configuration: cannot read/);
  });
});
