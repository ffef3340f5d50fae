import { fromPromise } from 'xstate';
import type { PublicCollegeConfig } from '../src/college/schema';
import { api } from './api/coreEndpoints';
import type { Profile, ServiceData } from './api/responses';
import type { applicationMachine } from './applicationMachine';
import type { authCardMachine } from './authCardMachine';

/*
 * What the root (./appMachine) loads, as named `fromPromise` actors the tests replace with
 * `.provide()`: the college, who is using the app, and the two modules loaded on demand.
 */
export const appCalls = {
  /** The auth card actor's module, a chunk of its own in the build: only the auth cards need it. */
  loadAuthCard: fromPromise<typeof authCardMachine>(async () => (await import('./authCardMachine')).authCardMachine),
  /** The application's module with the form actors, a chunk of its own: the auth cards need none of it. */
  loadApplication: fromPromise<typeof applicationMachine>(async () => (await import('./applicationMachine')).applicationMachine),
  loadCollege: fromPromise<PublicCollegeConfig>(({ signal }) => api.college(signal)),
  /** An applicant: the profile. */
  loadProfile: fromPromise<Profile>(({ signal }) => api.profile(signal)),
  /** A visitor with a prefill link: the answers it prefills. */
  loadTemporaryAnswers: fromPromise<{ answer: Record<string, string | boolean> }, string>(({ input, signal }) =>
    api.tmpAnswers(input, signal),
  ),
  /** A staff link: the staff copy of the application. */
  loadServiceData: fromPromise<ServiceData, string>(({ input, signal }) => api.serviceData(input, signal)),
};
