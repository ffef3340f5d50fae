import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CatalogueConfigError,
  SUMMARY_DUPLICATES_MESSAGE,
  checkCatalogue,
  realCatalogueInput,
  warnMissingConfiguration,
} from '../../../src/catalogue/devChecks';
import type { Question } from '../../../src/catalogue/questions';

const real = realCatalogueInput();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('checkCatalogue', () => {
  it('passes the real catalogue', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => checkCatalogue()).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });

  it('throws on schema keys that are not answers', () => {
    expect(() => checkCatalogue({ ...real, schemaKeys: [...real.schemaKeys, 'favourite_colour'] })).toThrow(
      'The validation schema uses keys that are not among the answers: favourite_colour',
    );
  });

  it('throws the exact summary message for keys on several pages', () => {
    const summaryPages = {
      about: ['first_name', 'last_name'],
      education: ['first_name', 'hs_name'],
      'final-steps': ['last_name', 'legal_agree'],
    };
    expect(() => checkCatalogue({ ...real, summaryPages })).toThrow(
      new CatalogueConfigError(
        'Your ValidationErrorSummary implementation uses keys that are present in multiple pages. The following keys are duplicates: first_name, last_name',
      ),
    );
    expect(SUMMARY_DUPLICATES_MESSAGE.endsWith('duplicates: ')).toBe(true);
  });

  it('throws on keys outside the tenant data model', () => {
    const questions: Pick<Question, 'key' | 'addAnother'>[] = [...real.questions, { key: 'favourite_colour' as Question['key'] }];
    expect(() => checkCatalogue({ ...real, questions })).toThrow('These keys are not in the tenant data model: favourite_colour');
    expect(() => checkCatalogue({ ...real, summaryPages: { about: ['first_nmae'] } })).toThrow(
      'These keys are not in the tenant data model: first_nmae',
    );
  });

  it('throws on an add-another group with more than 10 components', () => {
    const groups = real.addAnotherGroups.map((group) => (group.buttonId === 'legacy' ? { ...group, max: 11 } : group));
    expect(() => checkCatalogue({ ...real, addAnotherGroups: groups })).toThrow(
      'Add-another group "legacy" has 11 components; the maximum is 10.',
    );
  });

  it('throws on a key prefix that is not part of the value key', () => {
    const questions = real.questions.map((question) =>
      question.key === 'legacy_3_first_name' ? { ...question, addAnother: { buttonId: 'legacy' as const, slot: 1 } } : question,
    );
    expect(() => checkCatalogue({ ...real, questions })).toThrow(
      'Add-another group "legacy": the key prefix "legacy_2_" is not part of the value key "legacy_3_first_name".',
    );
    const groups = real.addAnotherGroups.map((group) =>
      group.buttonId === 'activities' ? { ...group, prefixes: [...group.prefixes.slice(0, 3), 'hobby_4_'], fields: [] } : group,
    );
    expect(() => checkCatalogue({ ...real, addAnotherGroups: groups })).toThrow(
      'Add-another group "activities": the key prefix "hobby_4_" is not part of any value key.',
    );
  });

  it('warns about a missing configuration', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { summaryPages: _missing, ...rest } = real;
    expect(() => checkCatalogue(rest)).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Missing configuration: summaryPages'));
  });

  it('exports the warning on its own', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnMissingConfiguration('summary page for /extra', 'its errors link nowhere');
    expect(warn).toHaveBeenCalledWith('Missing configuration: summary page for /extra is not configured; its errors link nowhere.');
  });
});
