import { describe, expect, it } from 'vitest';
import {
  EMPTY_OPTION,
  caProvinces,
  countries,
  countriesNoUsa,
  months,
  optionLabel,
  resolveOptionSource,
  resolveOptions,
  stateAndProvince,
  usStates,
  yearOptions,
  yesNo,
} from '../../../src/catalogue/options';
import { loadCollegeConfig } from '../../../src/college/load';

const college = loadCollegeConfig();
const values = (list: readonly { value: string }[]) => list.map((option) => option.value);

describe('static option lists', () => {
  it("all start with the empty '--' option", () => {
    for (const list of [countries(), countriesNoUsa(), stateAndProvince(), usStates(), caProvinces(), months(), yesNo()]) {
      expect(list[0]).toEqual({ value: '', label: '--' });
      expect(values(list).filter((value) => value === '')).toHaveLength(1);
    }
  });

  it('puts the United States first among countries, by alpha-3 code', () => {
    expect(countries()[1]).toEqual({ value: 'USA', label: 'United States' });
    expect(countries().find((option) => option.value === 'CAN')?.label).toBe('Canada');
    expect(countries().find((option) => option.value === 'DEU')?.label).toBe('Germany');
    expect(
      countries()
        .slice(2)
        .every((option) => /^[A-Z]{3}$/.test(option.value)),
    ).toBe(true);
    const labels = countries()
      .slice(2)
      .map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries().length).toBeGreaterThan(240);
  });

  it('leaves the United States out of countriesNoUsa', () => {
    expect(values(countriesNoUsa())).not.toContain('USA');
    expect(countriesNoUsa()).toHaveLength(countries().length - 1);
  });

  it('lists US states, DC, territories, armed-forces areas and Canadian provinces, value = name', () => {
    const us = values(usStates());
    for (const name of [
      'California',
      'District of Columbia',
      'Puerto Rico',
      'Guam',
      'Armed Forces Americas',
      'Armed Forces Europe',
      'Armed Forces Pacific',
    ]) {
      expect(us).toContain(name);
    }
    expect(values(caProvinces())).toEqual(expect.arrayContaining(['Ontario', 'Quebec', 'Yukon', 'Nunavut']));
    expect(caProvinces()).toHaveLength(14);
    expect(stateAndProvince()).toHaveLength(usStates().length + caProvinces().length - 1);
    expect(stateAndProvince().every((option) => option.value === option.label || option.value === '')).toBe(true);
  });

  it('numbers the months 1 to 12', () => {
    expect(months().slice(1)).toEqual(
      ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map(
        (label, index) => ({ value: String(index + 1), label }),
      ),
    );
  });

  it('offers Y and N', () => {
    expect(yesNo()).toEqual([EMPTY_OPTION, { value: 'Y', label: 'Yes' }, { value: 'N', label: 'No' }]);
  });

  it('caches each list', () => {
    expect(countries()).toBe(countries());
  });
});

describe('yearOptions', () => {
  it('counts back or forward from the start year', () => {
    expect(values(yearOptions({ start: 2026, count: 3, direction: 'past' }))).toEqual(['', '2026', '2025', '2024']);
    expect(values(yearOptions({ start: 2026, count: 3, direction: 'future' }))).toEqual(['', '2026', '2027', '2028']);
    expect(yearOptions({ start: 2026, count: 0, direction: 'future' })).toEqual([EMPTY_OPTION]);
  });

  it('starts at the current year by default', () => {
    expect(yearOptions({ count: 1, direction: 'past' })[1]?.value).toBe(String(new Date().getFullYear()));
  });

  it('resolves relative year sources against an injected date', () => {
    const now = new Date('2026-11-21');
    expect(values(resolveOptionSource({ years: { startOffset: 1, count: 2, direction: 'past' } }, college, now))).toEqual([
      '',
      '2027',
      '2026',
    ]);
  });
});

describe('college lists', () => {
  it('come from the configuration, after the empty option', () => {
    expect(resolveOptions('majors', college)).toEqual([EMPTY_OPTION, ...college.majors]);
    expect(resolveOptions('entryTerms', college)[1]).toEqual({ value: '2027FA', label: 'Fall 2027' });
    expect(resolveOptions('decisionTypes', college)).toHaveLength(college.decisionTypes.length + 1);
    expect(resolveOptions('housingOptions', college)).toHaveLength(college.housingOptions.length + 1);
    expect(resolveOptions('months', college)).toBe(months());
  });

  it('give labels for _desc companions', () => {
    expect(optionLabel(months(), '6')).toBe('June');
    expect(optionLabel(months(), '')).toBe('');
    expect(optionLabel(months(), '13')).toBe('');
  });
});
