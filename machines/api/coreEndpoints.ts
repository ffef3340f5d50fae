import { callApi } from './httpClient';
import * as R from './responses';

/**
 * The API calls that the actors of every page make (the root, session, navigation,
 * web status, auth cards, inactivity), as plain async functions taking the abort signal. The
 * form actors' calls are added in ./endpoints, which is loaded with them; machines wrap these in
 * `fromPromise` actors under names of their own, so tests swap them with `.provide()`.
 */
export const api = {
  login: (form: { username: string; password: string }, signal?: AbortSignal) =>
    callApi('post', '/public/login', R.MessageSchema, { json: form, signal }),
  signup: (form: { username: string; password: string }, signal?: AbortSignal) =>
    callApi('post', '/public/signup', R.MessageSchema, { json: form, signal }),
  confirm: (form: { username: string; code: string }, signal?: AbortSignal) =>
    callApi('post', '/public/confirm', R.MessageSchema, { json: form, signal }),
  resendConfirm: (form: { username: string }, signal?: AbortSignal) =>
    callApi('post', '/public/resend-confirm', R.MessageSchema, { json: form, signal }),
  forgotPassword: (form: { username: string }, signal?: AbortSignal) =>
    callApi('post', '/public/forgot-password', R.MessageSchema, { json: form, signal }),
  resetPassword: (form: { username: string; id: string; password: string; confirm_password: string }, signal?: AbortSignal) =>
    callApi('post', '/public/reset-password', R.MessageSchema, { json: form, signal }),
  logout: (signal?: AbortSignal) => callApi('get', '/api/logout', R.MessageSchema, { signal }),

  profile: (signal?: AbortSignal) => callApi('get', '/api/profile', R.ProfileSchema, { signal }),
  saveLastPage: (lastPage: string, signal?: AbortSignal) =>
    callApi('put', '/api/last-page', R.MessageSchema, { json: { last_page: lastPage }, signal }),
  postWebStatus: (webStatus: R.WebStatusValue, signal?: AbortSignal) =>
    callApi('post', '/api/web-status', R.MessageSchema, { json: { web_status: webStatus }, signal }),
  tabChoices: (signal?: AbortSignal) => callApi('get', '/api/tabs', R.TabChoicesSchema, { signal }),

  /** The college configuration the pages and the rules need (contacts, banner window, essay limit, lists). */
  college: (signal?: AbortSignal) => callApi('get', '/public/college', R.CollegeResponseSchema, { signal }),
  tmpAnswers: (token: string, signal?: AbortSignal) =>
    callApi('get', '/public/tmp', R.TmpAnswersSchema, { searchParams: { token }, signal }),
  serviceData: (serviceToken: string, signal?: AbortSignal) =>
    callApi('get', '/service/tmp-pdf', R.ServiceDataSchema, { searchParams: { service_token: serviceToken }, signal }),
};
