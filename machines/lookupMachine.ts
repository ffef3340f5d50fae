import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type * as v from 'valibot';
import { LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_RESULTS, LOOKUP_MAX_WAIT_MS } from '../src/catalogue/limits';
import { QUESTION_BY_KEY, type SchoolLookup } from '../src/catalogue/questions';
import { api } from './api/endpoints';
import type { LookupDetailSchema, LookupSuggestion } from './api/responses';
import type { AnswersEvent } from './events';
import { sibling, type SystemActors } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/** The free-text option of the school search. */
export const typedTextLabel = (text: string) => `Use: ${text}`;

type LookupDetail = v.InferOutput<typeof LookupDetailSchema>;
type FillField = keyof SchoolLookup['fills'];

/** address_line_1 is the main key for the address category, and name for other categories. */
const mainField = (category: string): FillField => (category === 'address' ? 'address_line_1' : 'name');

const lookupOf = (key: string | null): SchoolLookup | undefined => (key ? QUESTION_BY_KEY.get(key)?.lookup : undefined);

export interface LookupContext {
  /** The search question being typed in (e.g. hs_name); its catalogue entry says what to fill. */
  key: string | null;
  text: string;
  suggestions: LookupSuggestion[];
  chosen: LookupSuggestion | null;
}

export type LookupEvent =
  | { type: 'lookup.type'; key: string; text: string }
  | { type: 'lookup.choose'; suggestion: LookupSuggestion }
  /** The 'Use: {user_content}' option. */
  | { type: 'lookup.useText' }
  /**
   * Focus left the field or the list closed without a choice (Tab, Escape, a click elsewhere).
   * `answer`: what the field held before typing began.
   */
  | { type: 'lookup.leave'; answer: string };

const EMPTY: LookupContext = { key: null, text: '', suggestions: [], chosen: null };

const setAnswer = (key: string, value: string): AnswersEvent => ({ type: 'answers.set', key, value });

const answersActor = (system: SystemActors) => sibling(SYSTEM_IDS.answers)({ system });

/**
 * Leaving the field before a choice: the typed name is kept as free text, as 'Use: …'
 * keeps it, or the search simply ends. A choice being filled in (filling) is left to finish.
 */
const leave = [
  { guard: 'typedNewName', target: '#lookup.idle', actions: ['fillText', 'clearSearch'] },
  { target: '#lookup.idle', actions: 'clearSearch' },
] as const;

export const lookupMachine = setup({
  types: {
    context: {} as LookupContext,
    events: {} as LookupEvent,
    tags: {} as 'searching' | 'open' | 'busy',
  },
  actors: {
    suggestions: fromPromise<LookupSuggestion[], { text: string; category: string }>(({ input, signal }) =>
      api.lookupSuggestions(input, LOOKUP_MAX_RESULTS, signal),
    ),
    detail: fromPromise<LookupDetail, { id: string; category: string }>(({ input, signal }) => api.lookupDetail(input, signal)),
  },
  delays: {
    lookupDebounce: LOOKUP_DEBOUNCE_MS,
    lookupMaxWait: LOOKUP_MAX_WAIT_MS,
  },
  guards: {
    blankText: ({ event }) => {
      assertEvent(event, 'lookup.type');
      return event.text.trim() === '';
    },
    searchable: ({ event }) => {
      assertEvent(event, 'lookup.type');
      return lookupOf(event.key) !== undefined;
    },
    /** A name typed and not picked is still the applicant's answer, unless it is the one already there. */
    typedNewName: ({ context, event }) => {
      assertEvent(event, 'lookup.leave');
      return context.text.trim() !== '' && context.text.trim() !== event.answer.trim();
    },
  },
  actions: {
    setQuery: assign(({ event }) => {
      assertEvent(event, 'lookup.type');
      return { key: event.key, text: event.text };
    }),
    clearSearch: assign(() => EMPTY),
    keepSuggestions: assign({ suggestions: (_, suggestions: LookupSuggestion[]) => suggestions }),
    // Lookup failures are silent fallbacks.
    dropSuggestions: assign({ suggestions: [] }),
    choose: assign({
      chosen: ({ event }) => {
        assertEvent(event, 'lookup.choose');
        return event.suggestion;
      },
    }),
    /** Fills the related answers from the detail; a missing main value falls back to the label. */
    fillFromDetail: enqueueActions(({ context, system, enqueue }, detail: LookupDetail) => {
      const lookup = lookupOf(context.key);
      const answers = answersActor(system);
      if (!lookup) return;
      const main = mainField(lookup.category);
      for (const [field, key] of Object.entries(lookup.fills) as [FillField, string][]) {
        const raw = detail[field];
        const value = raw === null || raw === undefined ? '' : String(raw);
        const filled = field === main && value === '' ? (context.chosen?.text ?? '') : value;
        enqueue.sendTo(answers, setAnswer(key, filled));
      }
    }),
    /** When the detail call fails, the chosen label goes into the main field. */
    fillLabel: enqueueActions(({ context, system, enqueue }) => {
      const lookup = lookupOf(context.key);
      const answers = answersActor(system);
      if (!lookup || !context.chosen) return;
      const key = lookup.fills[mainField(lookup.category)];
      enqueue.sendTo(answers, setAnswer(key, context.chosen.text));
    }),
    /** Free text names a school we know nothing about, so the previous school's details go. */
    fillText: enqueueActions(({ context, system, enqueue }) => {
      const lookup = lookupOf(context.key);
      const answers = answersActor(system);
      if (!lookup) return;
      const main = mainField(lookup.category);
      const others = (Object.entries(lookup.fills) as [FillField, string][]).filter(([field]) => field !== main).map(([, key]) => key);
      const clear: AnswersEvent = { type: 'answers.clear', keys: others };
      enqueue.sendTo(answers, setAnswer(lookup.fills[main], context.text.trim()));
      enqueue.sendTo(answers, clear);
    }),
  },
}).createMachine({
  id: 'lookup',
  context: EMPTY,
  initial: 'idle',
  on: {
    // Typing anywhere starts a new search (cancelling a call in flight); emptying the field ends it.
    'lookup.type': [
      { guard: 'blankText', target: '.idle', actions: 'clearSearch' },
      { guard: 'searchable', target: '.waiting', actions: 'setQuery' },
    ],
  },
  states: {
    idle: {},
    /** Debounce with a maximum wait: the burst's first keystroke starts lookupMaxWait, each one restarts lookupDebounce. */
    waiting: {
      tags: 'searching',
      after: { lookupMaxWait: 'fetching' },
      on: { 'lookup.leave': leave },
      initial: 'settling',
      states: {
        settling: {
          after: { lookupDebounce: '#lookup.fetching' },
          on: {
            'lookup.type': [
              { guard: 'blankText', target: '#lookup.idle', actions: 'clearSearch' },
              { guard: 'searchable', target: 'settling', reenter: true, actions: 'setQuery' },
            ],
          },
        },
      },
    },
    fetching: {
      tags: 'searching',
      on: { 'lookup.leave': leave },
      invoke: {
        id: 'suggestions',
        src: 'suggestions',
        input: ({ context }) => ({ text: context.text.trim(), category: lookupOf(context.key)!.category }),
        onDone: { target: 'listing', actions: { type: 'keepSuggestions', params: ({ event }) => event.output } },
        onError: { target: 'listing', actions: 'dropSuggestions' },
      },
    },
    /** The open list: the suggestions and the 'Use: {text}' option. */
    listing: {
      tags: 'open',
      on: {
        'lookup.choose': { target: 'filling', actions: 'choose' },
        'lookup.useText': { target: 'idle', actions: ['fillText', 'clearSearch'] },
        'lookup.leave': leave,
      },
    },
    filling: {
      tags: 'busy',
      invoke: {
        id: 'detail',
        src: 'detail',
        input: ({ context }) => ({ id: context.chosen!.id, category: lookupOf(context.key)!.category }),
        onDone: { target: 'idle', actions: [{ type: 'fillFromDetail', params: ({ event }) => event.output }, 'clearSearch'] },
        onError: { target: 'idle', actions: ['fillLabel', 'clearSearch'] },
      },
    },
  },
});
