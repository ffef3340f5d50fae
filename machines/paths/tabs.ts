import type { AnyEventObject } from 'xstate';
import { ApiError } from '../api/httpClient';
import { tabsMachine } from '../tabsMachine';
import { TAB_GROUPS } from '../../src/catalogue/questions';
import { serialiseStateVia } from './document';
import type { PathModel } from './model';

// The group with a document tab (the personal statement: write it here, or upload a document).
const group = TAB_GROUPS.find((candidate) => candidate.tabs.some((tab) => tab.documentKey)) ?? TAB_GROUPS[0];
const tabIds = group?.tabs.map((tab) => tab.id) ?? [];
const serverError = new ApiError('The server is down.', 'http', 500);
const documentKey = group?.tabs.find((tab) => tab.documentKey)?.documentKey ?? '';
/** The document actor's answer to the check before a switch. */
const inspected = (busy: boolean, attached: boolean) => ({ type: 'document.inspected', answerKey: documentKey, busy, attached });

/** Every answer of the group written in: whichever tab is left, it holds text. */
const written = Object.fromEntries((group?.tabs ?? []).flatMap((tab) => tab.clears).map((key) => [key, 'Written by hand.']));

export const tabsPathEvents: AnyEventObject[] = [
  { type: 'app.context', loggedIn: true, serviceUser: false },
  { type: 'app.context', loggedIn: false, serviceUser: false },
  { type: 'app.context', loggedIn: false, serviceUser: true },
  { type: 'tabs.set', tabs: { [group?.tabId ?? '']: tabIds.at(-1) ?? '' } },
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
  events: tabsPathEvents,
  serializeState: serialiseStateVia,
};
