import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { CONFLICT_MESSAGES } from '../../../src/catalogue/answerMessages';
import { GENERIC_ERROR_MESSAGE } from '../../../machines/api/httpClient';
import { sessionMachine } from '../../../machines/sessionMachine';
import { callOutcomes } from '../fixtures';
import { arrivedBy, type PathModel } from '../model';

const EVENTS: readonly AnyEventObject[] = [
  { type: 'session.logout' },
  { type: 'session.logout', message: 'You have been automatically logged out due to inactivity.' },
  ...callOutcomes('logout', { message: '' }),
  // The answers actor's replies to the Log Out dialog's save.
  { type: 'answers.saveFailed', reason: 'error', message: GENERIC_ERROR_MESSAGE },
  { type: 'answers.saveFailed', reason: 'conflict', message: CONFLICT_MESSAGES.server(['First name']) },
];

const UNSAVED = { type: 'session.answersUnsaved', unsaved: true } as const;

export const sessionModel: PathModel = {
  name: 'session',
  machine: sessionMachine,
  // The page opened with a session, or without one (a login starts it).
  inputs: [{ loggedIn: true }, { loggedIn: false }],
  // The answers actor's report that answers wait to be saved, once, while logged in: it decides
  // whether Log Out asks first. Sent in every state it would multiply the simple paths past any
  // budget, and it otherwise only picks the 401's message (tested in sessionMachine.test.ts).
  events: (snapshot: AnyMachineSnapshot) =>
    snapshot.matches({ loggedIn: 'working' }) && (snapshot.context as { answersUnsaved: boolean }).answersUnsaved === false
      ? [...EVENTS, UNSAVED]
      : EVENTS,
  ignored: ['session.answersUnsaved'],
  // The state, whether answers wait, and the way in: the logout's message and the save's failure only pick words.
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([snapshot.value, answersWait(snapshot), arrivedBy(snapshot, event, previous)]),
};

const answersWait = (snapshot: AnyMachineSnapshot) => (snapshot.context as { answersUnsaved: boolean }).answersUnsaved;

/**
 * Simple paths: the same events, a state being its value and whether answers wait (telling each
 * way in apart too, the Log Out dialog's loops would make them more than 20,000).
 */
export const sessionSimpleModel: PathModel = {
  ...sessionModel,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, answersWait(snapshot)]),
};
