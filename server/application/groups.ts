import { ADD_ANOTHER_GROUPS, TAB_GROUPS } from '../../src/catalogue/questions';

/** Every add-another group starts with one component. */
export function addAnotherDefaults(): Record<string, number> {
  return Object.fromEntries(ADD_ANOTHER_GROUPS.map((group) => [group.buttonId, 1]));
}

export function tabDefaults(): Record<string, string> {
  return Object.fromEntries(TAB_GROUPS.map((group) => [group.tabId, group.defaultTab]));
}
