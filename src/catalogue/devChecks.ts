/**
 * Development-only configuration checks. The server runs `checkCatalogue()` at start-up when
 * NODE_ENV is 'development', so a configuration mistake stops the developer
 * at once instead of surfacing as a missing answer in production.
 */
import { ADD_ANOTHER_MAX } from './limits';
import { DATA_MODEL_KEYS } from './dataModel';
import { applicationSchemaKeys } from './schema/application';
import { ADD_ANOTHER_GROUPS, QUESTIONS, SUMMARY_PAGES, TAB_GROUPS, type AddAnotherGroup, type Question, type TabGroup } from './questions';

export type CatalogueInput = {
  readonly questions?: readonly Pick<Question, 'key' | 'addAnother'>[];
  readonly dataModelKeys?: readonly string[];
  readonly schemaKeys?: readonly string[];
  readonly summaryPages?: Readonly<Record<string, readonly string[]>>;
  readonly addAnotherGroups?: readonly Pick<AddAnotherGroup, 'buttonId' | 'max' | 'prefixes' | 'fields'>[];
  readonly tabGroups?: readonly TabGroup[];
};

export const SUMMARY_DUPLICATES_MESSAGE =
  'Your ValidationErrorSummary implementation uses keys that are present in multiple pages. The following keys are duplicates: ';

export class CatalogueConfigError extends Error {
  override readonly name = 'CatalogueConfigError';
}

/** A missing configuration is survivable, so it only warns. */
export function warnMissingConfiguration(name: string, detail = 'the related behaviour is disabled'): void {
  console.warn(`Missing configuration: ${name} is not configured; ${detail}.`);
}

export function realCatalogueInput(): Required<CatalogueInput> {
  return {
    questions: QUESTIONS,
    dataModelKeys: DATA_MODEL_KEYS,
    schemaKeys: applicationSchemaKeys(),
    summaryPages: SUMMARY_PAGES,
    addAnotherGroups: ADD_ANOTHER_GROUPS,
    tabGroups: TAB_GROUPS,
  };
}

function fail(message: string): never {
  throw new CatalogueConfigError(message);
}

const list = (keys: Iterable<string>) => [...new Set(keys)].join(', ');

function checkSummaryPages(summaryPages: Readonly<Record<string, readonly string[]>>): void {
  const pagesOfKey = new Map<string, Set<string>>();
  for (const [page, keys] of Object.entries(summaryPages)) {
    for (const key of keys) pagesOfKey.set(key, (pagesOfKey.get(key) ?? new Set()).add(page));
  }
  const duplicates = [...pagesOfKey].filter(([, pages]) => pages.size > 1).map(([key]) => key);
  if (duplicates.length > 0) fail(`${SUMMARY_DUPLICATES_MESSAGE}${duplicates.join(', ')}`);
}

function checkAddAnother(
  groups: NonNullable<CatalogueInput['addAnotherGroups']>,
  questions: NonNullable<CatalogueInput['questions']>,
  answerKeys: ReadonlySet<string>,
): void {
  for (const group of groups) {
    const components = Math.max(group.max, group.prefixes.length);
    if (components > ADD_ANOTHER_MAX) {
      fail(`Add-another group "${group.buttonId}" has ${components} components; the maximum is ${ADD_ANOTHER_MAX}.`);
    }
    for (const prefix of group.prefixes) {
      if (![...answerKeys].some((key) => key.startsWith(prefix))) {
        fail(`Add-another group "${group.buttonId}": the key prefix "${prefix}" is not part of any value key.`);
      }
    }
  }
  for (const { key, addAnother } of questions) {
    if (!addAnother) continue;
    const group = groups.find((candidate) => candidate.buttonId === addAnother.buttonId);
    if (!group) fail(`The value key "${key}" belongs to the unknown add-another group "${addAnother.buttonId}".`);
    const prefix = group.prefixes[addAnother.slot];
    if (prefix === undefined || !key.startsWith(prefix)) {
      fail(`Add-another group "${group.buttonId}": the key prefix "${prefix ?? '(none)'}" is not part of the value key "${key}".`);
    }
  }
}

/** Every answer key a configuration refers to. */
function referencedKeys(input: CatalogueInput): string[] {
  return [
    ...(input.questions ?? []).map((question) => question.key),
    ...Object.values(input.summaryPages ?? {}).flat(),
    ...(input.addAnotherGroups ?? []).flatMap((group) =>
      group.prefixes.flatMap((prefix) => group.fields.map((field) => `${prefix}${field}`)),
    ),
    ...(input.tabGroups ?? []).flatMap((group) =>
      group.tabs.flatMap((tab) => [...tab.keys, ...tab.clears, ...(tab.documentKey ? [tab.documentKey] : [])]),
    ),
  ];
}

/**
 * Throws CatalogueConfigError on the first configuration error; warns about
 * missing parts. Defaults to the real catalogue, which must pass.
 */
export function checkCatalogue(input: CatalogueInput = realCatalogueInput()): void {
  for (const [name, value] of Object.entries({
    questions: input.questions,
    dataModelKeys: input.dataModelKeys,
    schemaKeys: input.schemaKeys,
    summaryPages: input.summaryPages,
    addAnotherGroups: input.addAnotherGroups,
    tabGroups: input.tabGroups,
  })) {
    if (value === undefined) warnMissingConfiguration(name);
  }

  const dataModel = new Set(input.dataModelKeys ?? DATA_MODEL_KEYS);
  const outsideModel = referencedKeys(input).filter((key) => !dataModel.has(key));
  if (outsideModel.length > 0) fail(`These keys are not in the tenant data model: ${list(outsideModel)}`);

  const answerKeys = new Set((input.questions ?? []).map((question) => question.key as string));
  const unknownSchemaKeys = (input.schemaKeys ?? []).filter((key) => !answerKeys.has(key));
  if (unknownSchemaKeys.length > 0) {
    fail(`The validation schema uses keys that are not among the answers: ${list(unknownSchemaKeys)}`);
  }

  if (input.summaryPages) checkSummaryPages(input.summaryPages);
  if (input.addAnotherGroups) checkAddAnother(input.addAnotherGroups, input.questions ?? [], answerKeys);
}
