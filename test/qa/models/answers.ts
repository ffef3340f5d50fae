import type { AnyMachineSnapshot } from 'xstate';
import type { AnswersContext } from '../../../machines/answersContext';
import { answersMachine } from '../../../machines/answersMachine';
import { hasAnswers } from '../../../machines/answerMaps';
import { callOutcomes, failures } from '../fixtures';
import { arrivedBy, type PathModel } from '../model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as AnswersContext;

export const answersModel: PathModel = {
  name: 'answers',
  machine: answersMachine,
  // Where a change is kept is given when the session's answers actor starts: on the device (a
  // visitor's), on the server (an account holding answers, or none yet), nowhere (a staff copy).
  inputs: [
    { kept: 'onDevice', answers: {} },
    { kept: 'onServer', answers: { first_name: 'Grace' }, version: 4, owner: 'ada@example.org' },
    { kept: 'onServer', answers: {}, version: 1, owner: 'ada@example.org' },
    { kept: 'fixed', answers: { first_name: 'Grace' } },
  ],
  events: [
    { type: 'answers.set', key: 'first_name', value: 'Ada' },
    { type: 'answers.set', key: 'country', value: 'USA', desc: 'United States' },
    { type: 'answers.clear', keys: ['first_name', 'country'] },
    // A document's answer the server set itself (its conversion completed).
    { type: 'answers.confirmed', answers: { personal_statement_doc: 'ANSWERED' } },
    // What the device kept (a visitor's answers in sessionStorage), said as the actor starts.
    { type: 'answers.restored', answers: { first_name: 'Alan' } },
    { type: 'answers.restored', answers: {} },
    // The root, before a session ends.
    { type: 'answers.sessionEnded' },
    { type: 'answers.saveAndGo', to: '/education' },
    { type: 'answers.saveAndGo' },
    { type: 'answers.carryTo', to: '/login' },
    // The submit sequence (or a document upload) asks for a save and waits for the reply.
    { type: 'answers.save', replyTo: 'submit' },
    // The browser's online and offline events (issue 12: a save that failed for the network waits for them).
    { type: 'connection.offline' },
    { type: 'connection.online' },
    // Answers offered back: the applicant's three choices, and a draft the device kept.
    { type: 'offer.keepShown' },
    { type: 'offer.useOffered' },
    { type: 'offer.usePicked', keys: ['first_name'] },
    // After another tab's differing save: keep this tab's answers on the page to edit.
    { type: 'offer.edit' },
    { type: 'answers.draft', owner: 'ada@example.org', draft: { base: 4, changes: { last_name: 'King' } } },
    ...callOutcomes('saveAnswers', { message: 'Your answers were saved.', version: 2 }, [
      failures.network,
      failures.server,
      failures.unauthorised,
      failures.conflict,
    ]),
    ...callOutcomes('loadServerAnswers', { answer: { first_name: 'Grace' }, answer_version: 5 }),
  ],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      hasAnswers(context(snapshot).answers),
      context(snapshot).saveTarget,
      // Save or Next pressed during a save, waiting for its turn.
      context(snapshot).pressed,
      context(snapshot).requesters.length > 0,
      context(snapshot).waiting.length > 0,
      context(snapshot).error !== null,
      context(snapshot).online,
      arrivedBy(snapshot, event, previous),
    ]),
};
