import { and, assertEvent, assign, emit, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { Answers } from '../src/catalogue/dataModel';
import { TAB_GROUPS, type TabGroup } from '../src/catalogue/questions';
import { api } from './api/endpoints';
import { isUnauthorised } from './api/httpClient';
import type { PageFailedEvent } from './coreEvents';
import type { DocumentEvent } from './documentMachine';
import type { AnswersEvent, DocumentInspectedEvent, DocumentInspectEvent, SessionEvent, ToastEvent } from './events';
import type { Role } from './roles';
import { documentSystemId, SYSTEM_IDS } from './systemIds';
import { enqueueTo, pageFailed, type SystemActors } from './siblings';

/** Texts of the tabs; the views import them from here. */
export const TABS_MESSAGES = {
  uploadInProgressTitle: 'File Upload in Progress',
  uploadInProgress: 'Please wait until the file upload has completed.',
  errorTitle: 'Error',
  failed: (defaultTab: string) => `Error handling tabs for ${defaultTab}`,
} as const;

/** The chosen tab per tab id, before anything is loaded: each group's default. */
export const DEFAULT_TABS: Readonly<Record<string, string>> = Object.fromEntries(
  TAB_GROUPS.map((group) => [group.tabId, group.defaultTab]),
);

/** Staff are given the staff copy's chosen tabs; an applicant's are loaded; a visitor sees the defaults. */
export interface TabsInput {
  role: Role;
  tabs?: Record<string, string>;
}

export type TabsEvent =
  /** `answers`: what the page shows now, so that a switch that would delete some of them asks first. */
  | { type: 'tabs.choose'; tabId: string; tab: string; answers: Answers }
  /** The answers to the question before a switch that deletes answers. */
  | { type: 'tabs.confirm' }
  | { type: 'tabs.cancel' }
  /** Closes the 'File Upload in Progress' dialog. */
  | { type: 'tabs.closeDialog' }
  /** The failure's reset: reload the choices and the cached documents. */
  | { type: 'tabs.reset' }
  /** A document actor's answer to the check before a switch. */
  | DocumentInspectedEvent;

export interface TabsContext {
  role: Role;
  chosen: Record<string, string>;
  /** The switch being carried out. */
  pending: { tabId: string; tab: string } | null;
  /**
   * What the switch would delete (answer keys): the written answers of the tab left, and its
   * document once its actor said one is attached.
   */
  losing: string[];
  /** The group whose switch failed; null when loading the choices failed. */
  failedTabId: string | null;
  /** The check before a switch: the documents of the group that have not answered yet, and whether one is busy. */
  check: { awaiting: string[]; busy: boolean };
}

const NO_CHECK: TabsContext['check'] = { awaiting: [], busy: false };

/** The tabs of a group; none for an unknown group id. */
const tabsOf = (tabId: string): TabGroup['tabs'] => TAB_GROUPS.find((group) => group.tabId === tabId)?.tabs ?? [];
const documentKeysOf = (tabId: string): string[] => tabsOf(tabId).flatMap((tab) => (tab.documentKey ? [tab.documentKey] : []));

/**
 * The switch under way. Every state that reads it was entered with one (isAnotherTab checked both
 * ids), so the empty switch only stands in for the type's null.
 */
const NO_SWITCH: NonNullable<TabsContext['pending']> = { tabId: '', tab: '' };
const switchOf = (context: TabsContext) => context.pending ?? NO_SWITCH;

/** The tab currently chosen in a group: always one of its tabs (validChoices, isAnotherTab), optional for the type. */
const chosenTab = (tabId: string, context: TabsContext) => tabsOf(tabId).find((tab) => tab.id === context.chosen[tabId]);

/** The document of the tab being left, which must go before the switch; '' when it has none. */
const leavingDocumentKey = (context: TabsContext): string => chosenTab(switchOf(context).tabId, context)?.documentKey ?? '';

/** The answers of the tab being left that hold more than blanks (its document is asked of its actor). */
function writtenAnswers(tabId: string, answers: Answers, context: TabsContext): string[] {
  const left = chosenTab(tabId, context);
  return (left?.clears ?? []).filter((key) => key !== left?.documentKey && typeof answers[key] === 'string' && answers[key].trim() !== '');
}

/** Only known groups and tabs; anything else keeps the default. */
function validChoices(choices: Record<string, string>): Record<string, string> {
  const valid = Object.entries(choices).filter(([tabId, tab]) => tabsOf(tabId).some((candidate) => candidate.id === tab));
  return { ...DEFAULT_TABS, ...Object.fromEntries(valid) };
}

type Sent = ToastEvent | AnswersEvent | SessionEvent | DocumentEvent | DocumentInspectEvent | PageFailedEvent;
type Enqueue = { sendTo: (to: AnyActorRef, event: Sent) => void };
const send = (enqueue: Enqueue, system: SystemActors, systemId: string, event: Sent) => enqueueTo(enqueue, system, systemId, event);

function reportUnauthorised(enqueue: Enqueue, system: SystemActors, error: unknown): boolean {
  if (isUnauthorised(error)) send(enqueue, system, SYSTEM_IDS.session, { type: 'session.unauthorised' });
  return isUnauthorised(error);
}

const byLeavingKey = ({ context }: { context: TabsContext }) => ({ answerKey: leavingDocumentKey(context) });

/** A switch went through: the view moves focus to the chosen tab and announces it. */
export type TabsEmitted = { type: 'tabs.switched'; tabId: string; tab: string };

export const tabsMachine = setup({
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
    emitted: {} as TabsEmitted,
    input: {} as TabsInput,
  },
  actors: {
    loadTabs: fromPromise<Record<string, string>, void>(({ signal }) => api.tabChoices(signal)),
    deleteConversion: fromPromise<unknown, { answerKey: string }>(({ input, signal }) => api.deleteConversion(input.answerKey, signal)),
    deleteDocument: fromPromise<unknown, { answerKey: string }>(({ input, signal }) => api.deleteDocument(input.answerKey, signal)),
    saveTab: fromPromise<unknown, { tabId: string; tab: string }>(({ input, signal }) => api.saveTab(input.tabId, input.tab, signal)),
  },
  guards: {
    /** Only an applicant's account keeps a choice of tab; a visitor needs one, staff read. */
    choosesTabs: ({ context }) => context.role === 'applicant',
    isAnotherTab: ({ context, event }) => {
      assertEvent(event, 'tabs.choose');
      return tabsOf(event.tabId).some((tab) => tab.id === event.tab) && context.chosen[event.tabId] !== event.tab;
    },
    documentsAnswered: ({ context }) => context.check.awaiting.length === 0,
    // One document busy blocks the switch, whatever the others answer.
    uploadBusy: ({ context }) => context.check.busy,
    /** The tab left holds written answers or a document, which the switch would delete. */
    deletesAnswers: ({ context }) => context.check.awaiting.length === 0 && context.losing.length > 0,
    losesDocument: ({ context }) => context.losing.some((key) => key === leavingDocumentKey(context)),
  },
  actions: {
    keepChoices: assign({ chosen: (_, choices: Record<string, string>) => validChoices(choices) }),
    // Anonymous users see only the default tabs.
    keepPending: assign(({ context, event }) => {
      assertEvent(event, 'tabs.choose');
      return { pending: { tabId: event.tabId, tab: event.tab }, losing: writtenAnswers(event.tabId, event.answers, context) };
    }),
    forgetPending: assign({ pending: null, losing: [] }),
    /**
     * A conversion or fetch running blocks the switch, and the document of the tab
     * left goes first. Every document of the group is asked; its actor, spawned with this one, answers.
     */
    askDocuments: enqueueActions(({ context, system, enqueue }) => {
      const keys = documentKeysOf(switchOf(context).tabId);
      enqueue.assign({ check: { ...NO_CHECK, awaiting: keys } });
      for (const key of keys) send(enqueue, system, documentSystemId(key), { type: 'document.inspect', replyTo: SYSTEM_IDS.tabs });
    }),
    noteDocumentAnswer: assign(({ context, event }) => {
      assertEvent(event, 'document.inspected');
      const { check } = context;
      if (!check.awaiting.includes(event.answerKey)) return {};
      const leavingAttached = event.answerKey === leavingDocumentKey(context) && event.attached;
      return {
        check: { awaiting: check.awaiting.filter((key) => key !== event.answerKey), busy: check.busy || event.busy },
        losing: leavingAttached ? [...context.losing, event.answerKey] : context.losing,
      };
    }),
    /** For the view to move focus to the new tab and announce it; before commitChoice forgets the pending switch. */
    tellSwitched: emit(({ context }) => ({ type: 'tabs.switched' as const, ...switchOf(context) })),
    commitChoice: assign(({ context }) => {
      const { tabId, tab } = switchOf(context);
      return { chosen: { ...context.chosen, [tabId]: tab }, pending: null, losing: [] };
    }),
    /** The answers of every other tab of the group, as the server clears them with the choice. */
    clearLeftAnswers: enqueueActions(({ context, system, enqueue }) => {
      const { tabId, tab: chosen } = switchOf(context);
      const keys = tabsOf(tabId)
        .filter((tab) => tab.id !== chosen)
        .flatMap((tab) => tab.clears);
      if (keys.length > 0) send(enqueue, system, SYSTEM_IDS.answers, { type: 'answers.clear', keys });
    }),
    tellDocumentCleared: enqueueActions(({ context, system, enqueue }) => {
      send(enqueue, system, documentSystemId(leavingDocumentKey(context)), { type: 'document.cleared' });
    }),
    reportIfUnauthorised: enqueueActions(({ system, enqueue }, params: { error: unknown }) => {
      reportUnauthorised(enqueue, system, params.error);
    }),
    /** Without the choices the page could show the tab the applicant did not choose: the root's error screen. */
    reportLoadFailure: enqueueActions(({ system, enqueue }, { error }: { error: unknown }) => {
      if (!reportUnauthorised(enqueue, system, error)) send(enqueue, system, SYSTEM_IDS.app, pageFailed(error));
    }),
    /** A failure's toast: 'Error handling tabs for' followed by the default tab. */
    reportFailure: enqueueActions(({ context, system, enqueue }, { error }: { error: unknown }) => {
      const failedTabId = switchOf(context).tabId;
      enqueue.assign({ failedTabId, pending: null, losing: [] });
      if (reportUnauthorised(enqueue, system, error)) return;
      const groups = TAB_GROUPS.filter((group) => group.tabId === failedTabId);
      for (const group of groups) {
        const toast = { severity: 'error', title: TABS_MESSAGES.errorTitle, message: TABS_MESSAGES.failed(group.defaultTab) } as const;
        send(enqueue, system, SYSTEM_IDS.toasts, { type: 'toast.show', toast });
      }
    }),
    /** The reset invalidates the cached conversion and document answer: the documents fetch again. */
    reloadDocuments: enqueueActions(({ context, system, enqueue }) => {
      const tabIds = context.failedTabId === null ? TAB_GROUPS.map((group) => group.tabId) : [context.failedTabId];
      for (const key of tabIds.flatMap(documentKeysOf)) send(enqueue, system, documentSystemId(key), { type: 'document.reload' });
      enqueue.assign({ failedTabId: null });
    }),
  },
}).createMachine({
  id: 'tabs',
  initial: 'start',
  context: ({ input }) => ({
    role: input.role,
    chosen: validChoices(input.tabs ?? {}),
    pending: null,
    losing: [],
    failedTabId: null,
    check: NO_CHECK,
  }),
  states: {
    // An applicant's choices are loaded; a visitor's and staff's came as input.
    start: { always: [{ guard: 'choosesTabs', target: 'loading' }, { target: 'idle' }] },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadTabs',
        src: 'loadTabs',
        onDone: { target: 'idle', actions: { type: 'keepChoices', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'reportLoadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The chosen tabs, shown; only an applicant's choice is carried out (a visitor sees the defaults, staff the staff copy's). */
    idle: {
      on: { 'tabs.choose': { guard: and(['choosesTabs', 'isAnotherTab']), target: 'checking', actions: 'keepPending' } },
    },
    checking: {
      tags: 'busy',
      entry: 'askDocuments',
      on: { 'document.inspected': { actions: 'noteDocumentAnswer' } },
      always: [
        { guard: 'uploadBusy', target: 'blocked' },
        { guard: 'deletesAnswers', target: 'confirming' },
        { guard: 'documentsAnswered', target: 'saving' },
      ],
    },
    /**
     * The switch would delete what the applicant gave the other way (here and on the
     * server), so it asks first, naming it; Cancel leaves everything as it was.
     */
    confirming: {
      on: {
        'tabs.confirm': [
          // The document of the tab left goes first, with its conversion.
          { guard: 'losesDocument', target: 'deletingConversion' },
          'saving',
        ],
        'tabs.cancel': { target: 'idle', actions: 'forgetPending' },
      },
    },
    // The 'File Upload in Progress' dialog.
    blocked: {
      on: { 'tabs.closeDialog': { target: 'idle', actions: 'forgetPending' } },
    },
    deletingConversion: {
      tags: 'busy',
      invoke: {
        id: 'deleteConversion',
        src: 'deleteConversion',
        input: byLeavingKey,
        onDone: 'deletingDocument',
        // The conversion could not go, so the upload counts as still in progress.
        onError: { target: 'blocked', actions: { type: 'reportIfUnauthorised', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deletingDocument: {
      tags: 'busy',
      invoke: {
        id: 'deleteDocument',
        src: 'deleteDocument',
        input: byLeavingKey,
        onDone: { target: 'saving', actions: 'tellDocumentCleared' },
        onError: { target: 'failed', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveTab',
        src: 'saveTab',
        input: ({ context }) => switchOf(context),
        onDone: { target: 'idle', actions: ['clearLeftAnswers', 'tellSwitched', 'commitChoice'] },
        onError: { target: 'failed', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: 'error',
      on: { 'tabs.reset': { target: 'loading', actions: 'reloadDocuments' } },
    },
  },
});
