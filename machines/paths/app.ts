import type { AnyMachineSnapshot } from 'xstate';
import demoCollege from '../../src/college/demo-college.json';
import type { AppContext, AppInput } from '../appMachine';
import { appMachine } from '../appMachine';
import { callOutcomes, failures } from './fixtures';
import { arrivedBy, type PathModel } from './model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as AppContext;

/** The four ways into the app (section 6). */
export const APP_INPUTS = {
  anonymous: { pathname: '/about', search: '', cookie: '' },
  anonymousWithToken: { pathname: '/about', search: '?token=tmp-token-0123456789', cookie: '' },
  loggedIn: { pathname: '/about', search: '', cookie: 'logged_in=1' },
  service: { pathname: '/about', search: '?service_token=service-token-0123456789', cookie: '' },
} satisfies Record<string, AppInput>;

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

export const appModel: PathModel = {
  name: 'app',
  machine: appMachine,
  inputs: Object.values(APP_INPUTS),
  events: [
    ...callOutcomes('loadCollege', demoCollege, [failures.network]),
    ...callOutcomes('loadProfile', sampleProfile),
    ...callOutcomes('loadTemporaryAnswers', { answer: { first_name: 'Alan' } }, [failures.network]),
    ...callOutcomes('loadServiceData', sampleServiceData, [failures.network]),
    { type: 'webStatus.changed', webStatus: 'validating' },
  ],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      context(snapshot).isLoggedIn,
      context(snapshot).isServiceUser,
      context(snapshot).hasChangedPage,
      arrivedBy(snapshot, event, previous),
    ]),
};
