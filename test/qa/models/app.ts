import { assign, type AnyMachineSnapshot } from 'xstate';
import demoCollege from '../../../src/college/demo-college.json';
import type { AppContext, AppInput } from '../../../machines/appMachine';
import { appMachine } from '../../../machines/appMachine';
import { applicationMachine } from '../../../machines/applicationMachine';
import { authCardMachine } from '../../../machines/authCardMachine';
import { callOutcomes, failures } from '../fixtures';
import { arrivedBy, type PathModel } from '../model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as AppContext;

/**
 * The four ways into the app (section 6), on the form's default route, and two page loads straight
 * onto an auth card, which need none of the form actors until the applicant reaches the form area.
 */
export const APP_INPUTS = {
  visitor: { pathname: '/about', search: '', cookie: '' },
  visitorWithToken: { pathname: '/about', search: '?token=tmp-token-0123456789', cookie: '' },
  loggedIn: { pathname: '/about', search: '', cookie: 'logged_in=1' },
  service: { pathname: '/about', search: '?service_token=service-token-0123456789', cookie: '' },
  visitorOnLogin: { pathname: '/login', search: '', cookie: '' },
  loggedInOnLogin: { pathname: '/login', search: '', cookie: 'logged_in=1' },
} satisfies Record<string, AppInput>;

/**
 * The output of the `loadApplication` call in the paths: the application's machine itself
 * underneath (the traversal spawns it), printed by `npm run paths` by name rather than as every
 * machine's definition, without touching the machine's own toJSON.
 */
const loadedApplication = Object.create(applicationMachine, {
  toJSON: { value: () => 'the application actor (machines/applicationMachine)' },
}) as typeof applicationMachine;

/**
 * The output of the `loadAuthCard` call in the paths, printed by name as well: the machine itself
 * underneath (the traversal spawns it), without touching the machine's own toJSON.
 */
const loadedAuthCard = Object.create(authCardMachine, {
  toJSON: { value: () => 'the auth card actor (machines/authCardMachine)' },
}) as typeof authCardMachine;

export const sampleProfile = {
  username: 'ada@example.org',
  last_page: '/education',
  successful_login: [{ created_at: 1 }, { created_at: 2 }],
  web_status: [{ web_status: 'started' }],
  answer: { first_name: 'Ada' },
  answer_version: 1,
  document_answer: {},
};

export const sampleServiceData = {
  answer: { first_name: 'Grace' },
  add_another: { legacy: 2 },
  document_answer: { personal_statement_doc: { file_name: 'essay.pdf', file_size: 2048 } },
  tabs: { personal_statement: 'upload' },
};

/**
 * The root as the path generator walks it. xstate/graph walks every path in one actor system,
 * where the application a session change stopped keeps its system id, so the next session's
 * would collide: the walk only marks the application started (what it was given is handed over).
 * The root's tests spawn the real one (test/machines/appMachine.test.ts).
 */
const walkedApp = appMachine.provide({ actions: { startApplication: assign({ given: null }) } });

export const appModel: PathModel = {
  name: 'app',
  machine: walkedApp,
  inputs: Object.values(APP_INPUTS),
  events: (snapshot) => {
    // The `application` region loads the application's code while the `user` region loads who is
    // using the app: its outcomes are walked where they make a difference — before anything is
    // known, and once each way in has settled (what was loaded meanwhile waits for the code) — and
    // a lost connection while fetching the module (a chunk of its own in the build) while the
    // college still loads. The root-level events are walked with the application absent or
    // running, not again while it loads.
    const user = ['loadingCollege', 'visitor', 'applicant', 'staff'].find((state) => snapshot.matches({ user: state }));
    const formSettled = snapshot.matches({ application: 'absent' }) || snapshot.matches({ application: 'running' });
    return [
      ...callOutcomes('loadCollege', demoCollege, [failures.network]),
      // Without a saved last page: its redirect is the navigation actor's, and the form area it
      // leads to asks for the form actors — a reaction of another actor, which a traversal of the
      // root alone cannot follow (the root's tests walk it).
      ...callOutcomes('loadProfile', { ...sampleProfile, last_page: null }),
      ...callOutcomes('loadTemporaryAnswers', { answer: { first_name: 'Alan' } }, [failures.network]),
      ...callOutcomes('loadServiceData', sampleServiceData, [failures.network]),
      ...(user ? callOutcomes('loadApplication', loadedApplication, user === 'loadingCollege' ? [failures.network] : []) : []),
      // Once the session is known the loaded module is handed over to start the session's application.
      ...callOutcomes('startApplication', loadedApplication, [failures.network]),
      // The auth card actor's module likewise, walked where the form's outcomes are.
      ...(user ? callOutcomes('loadAuthCard', loadedAuthCard, user === 'loadingCollege' ? [failures.network] : []) : []),
      ...(formSettled ? [{ type: 'webStatus.changed', webStatus: 'validating' }, { type: 'app.pageChanged' }] : []),
      { type: 'app.sessionStarted' },
      { type: 'app.sessionEnded' },
      { type: 'app.formArea' },
      { type: 'app.authArea' },
      { type: 'app.pageFailed', message: 'Server trouble.' },
    ];
  },
  // Every event is listed above, so that the application's outcomes can be left out where they add nothing.
  onlyListed: true,
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      context(snapshot).isLoggedIn,
      context(snapshot).isStaff,
      context(snapshot).hasChangedPage,
      arrivedBy(snapshot, event, previous),
    ]),
};
