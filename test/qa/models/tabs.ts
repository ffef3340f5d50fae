import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { LOSS_MESSAGES } from '../../../src/catalogue/answerMessages';
import { ApiError } from '../../../machines/api/httpClient';
import { tabsMachine, type TabsInput } from '../../../machines/tabsMachine';
import { TAB_GROUPS } from '../../../src/catalogue/questions';
import { serialiseStateVia } from './document';
import type { PathModel } from '../model';
import type { Call, Expectation, PageCheck, PagePlan, Reply, StepPlan } from '../plan';

// The group with a document tab (the personal statement: write it here, or upload a document).
const group = TAB_GROUPS.find((candidate) => candidate.tabs.some((tab) => tab.documentKey)) ?? TAB_GROUPS[0];
const tabIds = group?.tabs.map((tab) => tab.id) ?? [];
const serverError = new ApiError('The server is down.', 'http', 500);
const documentKey = group?.tabs.find((tab) => tab.documentKey)?.documentKey ?? '';
/** The document actor's answer to the check before a switch. */
const inspected = (busy: boolean, attached: boolean) => ({ type: 'document.inspected', answerKey: documentKey, busy, attached });

/** Every answer of the group written in: whichever tab is left, it holds text. */
const written = Object.fromEntries((group?.tabs ?? []).flatMap((tab) => tab.clears).map((key) => [key, 'Written by hand.']));

/** A tabs actor is created for a visitor, an applicant, or staff (with the staff copy's chosen tabs). */
export const tabsInputs: readonly TabsInput[] = [
  { role: 'visitor' },
  { role: 'applicant' },
  { role: 'staff', tabs: { [group?.tabId ?? '']: tabIds.at(-1) ?? '' } },
];
const applicantInput = tabsInputs[1];

export const tabsPathEvents: AnyEventObject[] = [
  // A choice with nothing written in the tab left, and one that would delete a written answer (issue 12).
  ...tabIds.map((tab) => ({ type: 'tabs.choose', tabId: group?.tabId ?? '', tab, answers: {} })),
  ...tabIds.map((tab) => ({ type: 'tabs.choose', tabId: group?.tabId ?? '', tab, answers: written })),
  { type: 'xstate.done.actor.loadTabs', output: {} },
  { type: 'xstate.done.actor.loadTabs', output: { [group?.tabId ?? '']: tabIds.at(-1) ?? '' } },
  { type: 'xstate.error.actor.loadTabs', error: serverError },
  // The document's answer to the check: busy, a document to delete first, or nothing in the way.
  inspected(true, false),
  inspected(false, true),
  inspected(false, false),
  { type: 'xstate.done.actor.deleteConversion' },
  { type: 'xstate.error.actor.deleteConversion', error: serverError },
  { type: 'xstate.done.actor.deleteDocument' },
  { type: 'xstate.error.actor.deleteDocument', error: serverError },
  { type: 'xstate.done.actor.saveTab' },
  { type: 'xstate.error.actor.saveTab', error: serverError },
];

export const tabsModel: PathModel = {
  name: 'tabs',
  machine: tabsMachine,
  inputs: tabsInputs,
  events: tabsPathEvents,
  serializeState: serialiseStateVia,
};

// --- The plan QA and the model-based browser tests follow -----------------------------------------

const TABS: Call = { method: 'GET', path: '/api/tabs' };
const SAVE_TAB: Call = { method: 'PUT', path: '/api/tabs' };
const tabLabel = (id: string | undefined) => group?.tabs.find((tab) => tab.id === id)?.label ?? '';
const tabsContext = (snapshot: AnyMachineSnapshot) =>
  snapshot.context as { role: string; chosen: Record<string, string>; pending: { tab: string } | null; losing: readonly string[] };
const chosenTab = (snapshot: AnyMachineSnapshot) => tabsContext(snapshot).chosen[group?.tabId ?? ''] ?? group?.defaultTab;
const uploadTab = tabIds.at(-1) ?? '';

/**
 * What the page can cause: an applicant (with the statement written, or not) opens the page,
 * picks the other tab, answers the question before a deletion, tries again after a failure; the
 * server's answers. Uploads in progress and attached documents are the document machine's (not here).
 */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const tabId = group?.tabId ?? '';
  // A failed load of the tab choices is the page's error, the root error screen (README "Which errors
  // are the page's", test/e2e/errorKinds.e2e.ts), not this group's "could not switch": the plan
  // reaches `failed` through a failed switch.
  if (snapshot.matches('loading')) return [{ type: 'xstate.done.actor.loadTabs', output: {} }];
  if (snapshot.matches('idle') && tabsContext(snapshot).role === 'applicant' && chosenTab(snapshot) !== uploadTab)
    return [
      { type: 'tabs.choose', tabId, tab: uploadTab, answers: {} },
      { type: 'tabs.choose', tabId, tab: uploadTab, answers: written },
    ];
  if (snapshot.matches('checking')) return [inspected(false, false)];
  if (snapshot.matches('confirming')) return [{ type: 'tabs.confirm' }, { type: 'tabs.cancel' }];
  // Checking lasts until the document answers (at once on the page): then the choice is saved.
  if (snapshot.matches('saving') || snapshot.matches('checking'))
    return [{ type: 'xstate.done.actor.saveTab' }, { type: 'xstate.error.actor.saveTab', error: serverError }];
  if (snapshot.matches('failed')) return [{ type: 'tabs.reset' }];
  return [];
}

function tabsStep(event: AnyEventObject, before: AnyMachineSnapshot): StepPlan {
  const server = (call: Call, reply: Reply, words: string): StepPlan => ({ words, actions: [{ kind: 'server', call, reply }] });
  switch (event.type) {
    case 'xstate.done.actor.loadTabs':
      return server(TABS, 'real', 'the server gives the tab chosen before (none)');
    case 'xstate.error.actor.loadTabs':
      return server(TABS, { status: 500, body: { message: serverError.message } }, 'the server fails to give the tab chosen');
    case 'tabs.choose': {
      const { answers } = event as unknown as { answers: Record<string, unknown> };
      const label = tabLabel((event as unknown as { tab: string }).tab);
      return {
        words:
          Object.keys(answers).length > 0
            ? `With the statement written, choose the tab "${label}"`
            : `Choose the tab "${label}" (nothing written)`,
        actions: [
          ...(Object.keys(answers).length > 0 ? [{ kind: 'fill', label: 'Personal statement', value: 'Written by hand.' } as const] : []),
          { kind: 'click', role: 'tab', name: label },
        ],
      };
    }
    case 'document.inspected':
      return { words: 'the page finds no upload running and no document attached', actions: [] };
    case 'tabs.confirm':
      return {
        words: `Press "${LOSS_MESSAGES.tabSwitchConfirm}"`,
        actions: [{ kind: 'click', role: 'button', name: LOSS_MESSAGES.tabSwitchConfirm }],
      };
    case 'tabs.cancel':
      return { words: 'Press Cancel', actions: [{ kind: 'click', role: 'button', name: 'Cancel' }] };
    case 'xstate.done.actor.saveTab':
      return server(SAVE_TAB, 'real', 'the server saves the choice');
    case 'xstate.error.actor.saveTab':
      return server(SAVE_TAB, { status: 500, body: { message: serverError.message } }, 'the server fails to save the choice');
    case 'tabs.reset':
      return { words: 'Press "Try again"', actions: [{ kind: 'click', role: 'button', name: 'Try again' }] };
    default:
      return { words: `(${before.value as string})`, actions: [] };
  }
}

function tabsExpectation(snapshot: AnyMachineSnapshot): Expectation {
  const chosen = tabLabel(chosenTab(snapshot));
  const other = tabLabel(tabIds.find((id) => id !== chosenTab(snapshot)));
  const pending = tabLabel(tabsContext(snapshot).pending?.tab);
  const onPage: PageCheck[] = [{ kind: 'url', path: '/education' }];
  if (tabsContext(snapshot).role === 'visitor')
    return { words: 'a visitor sees the statement to write, no tabs', checks: [...onPage, { kind: 'noTabs' }] };
  if (snapshot.matches('loading'))
    return {
      words: 'the tabs wait for the choice made before',
      checks: [...onPage, { kind: 'tab', name: other, state: 'disabled' }],
      waitsFor: TABS,
    };
  // Checking lasts until the document answers (at once on the page): then the choice is saved.
  if (snapshot.matches('saving') || snapshot.matches('checking'))
    return {
      words: 'the choice is being saved',
      checks: [...onPage, { kind: 'tab', name: chosen === pending ? other : pending, state: 'disabled' }],
      waitsFor: SAVE_TAB,
    };
  if (snapshot.matches('confirming'))
    return {
      words: 'the question before the written statement is deleted',
      checks: [...onPage, { kind: 'dialog', name: LOSS_MESSAGES.tabSwitchTitle(pending) }],
    };
  if (snapshot.matches('failed'))
    return {
      words: 'the switch failed, with a way to try again',
      checks: [...onPage, { kind: 'alert', text: 'We could not switch right now.' }],
    };
  return {
    words: `the tab "${chosen}" is chosen`,
    checks: [...onPage, { kind: 'tab', name: chosen, state: 'selected' }, { kind: 'noDialog' }],
  };
}

/** The tab group's plan (section 4 "Tabs", the personal statement); for a machine (the product's, or a broken copy). */
export function tabsPagePlan(machine: AnyStateMachine = tabsMachine): PagePlan {
  return {
    model: {
      name: 'tabs',
      machine,
      // The page shows a visitor's tabs actor, or an applicant's (staff links are the staff view's).
      inputs: [tabsInputs[0], applicantInput],
      onlyListed: true,
      events: pageEvents,
      serializeState: (snapshot) => JSON.stringify([snapshot.value, chosenTab(snapshot), tabsContext(snapshot).losing.length > 0]),
    },
    start: '/education',
    before: (input) =>
      input === applicantInput ? { words: 'Log in as an applicant', actions: [{ kind: 'setup', task: 'account' }] } : undefined,
    step: tabsStep,
    expect: tabsExpectation,
  };
}
