import type { Answers } from '../../src/catalogue/dataModel';
import { CollegeConfigSchema } from '../../src/college/schema';
import { callApi } from './httpClient';
import * as R from './responses';

/**
 * Every call of spec section 7, as a plain async function taking the abort signal. Machines
 * wrap these in `fromPromise` actors under names of their own, so tests swap them with `.provide()`.
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
  resetPassword: (
    form: { username: string; id: string; password: string; confirm_password: string },
    signal?: AbortSignal,
  ) => callApi('post', '/public/reset-password', R.MessageSchema, { json: form, signal }),
  logout: (signal?: AbortSignal) => callApi('get', '/api/logout', R.MessageSchema, { signal }),

  profile: (signal?: AbortSignal) => callApi('get', '/api/profile', R.ProfileSchema, { signal }),
  saveLastPage: (lastPage: string, signal?: AbortSignal) =>
    callApi('put', '/api/last-page', R.MessageSchema, { json: { last_page: lastPage }, signal }),
  saveAnswers: (answers: Answers, signal?: AbortSignal) =>
    callApi('put', '/api/answer', R.SaveAnswersResponseSchema, { json: answers, signal }),
  postWebStatus: (webStatus: R.WebStatusValue, signal?: AbortSignal) =>
    callApi('post', '/api/web-status', R.MessageSchema, { json: { web_status: webStatus }, signal }),
  postValidations: (errors: Record<string, string[]>, signal?: AbortSignal) =>
    callApi('post', '/api/validations', R.MessageSchema, { json: errors, signal }),
  submit: (signal?: AbortSignal) => callApi('post', '/api/submit', R.SubmitResponseSchema, { json: {}, signal }),

  pdfCopy: (signal?: AbortSignal) => callApi('get', '/api/pdf', R.PdfCopySchema, { signal }),
  presignedUrl: (answerKey: string, signal?: AbortSignal) =>
    callApi('post', '/api/presigned-url', R.PresignedUrlSchema, { json: { answer_key: answerKey }, signal }),
  documentAnswers: (signal?: AbortSignal) => callApi('get', '/api/document-answer', R.DocumentAnswersSchema, { signal }),
  deleteDocument: (key: string, signal?: AbortSignal) =>
    callApi('delete', `/api/document-answer/${encodeURIComponent(key)}`, R.MessageSchema, { signal }),
  requestConversion: (key: string, file: { file_key: string; file_name: string }, signal?: AbortSignal) =>
    callApi('post', `/api/pdf/document-answer/${encodeURIComponent(key)}`, R.MessageSchema, { json: file, signal }),
  conversionStatus: (key: string, signal?: AbortSignal) =>
    callApi('get', `/api/pdf/document-answer/${encodeURIComponent(key)}`, R.ConversionStatusSchema, { signal }),
  deleteConversion: (key: string, signal?: AbortSignal) =>
    callApi('delete', `/api/pdf/document-answer/${encodeURIComponent(key)}`, R.MessageSchema, { signal }),

  saveAddAnother: (buttonId: string, count: number, signal?: AbortSignal) =>
    callApi('put', '/api/add-another', R.MessageSchema, { json: { button_id: buttonId, num_components: count }, signal }),
  addAnotherCounts: (signal?: AbortSignal) => callApi('get', '/api/add-another', R.CountsSchema, { signal }),
  saveTab: (tabId: string, chosenTab: string, signal?: AbortSignal) =>
    callApi('put', '/api/tabs', R.MessageSchema, { json: { tab_id: tabId, chosen_tab: chosenTab }, signal }),
  tabChoices: (signal?: AbortSignal) => callApi('get', '/api/tabs', R.TabChoicesSchema, { signal }),

  /** The college configuration the pages and the rules need (contacts, banner window, essay limit, lists). */
  college: (signal?: AbortSignal) => callApi('get', '/public/college', CollegeConfigSchema, { signal }),
  tmpAnswers: (token: string, signal?: AbortSignal) =>
    callApi('get', '/public/tmp', R.TmpAnswersSchema, { searchParams: { token }, signal }),
  serviceData: (serviceToken: string, signal?: AbortSignal) =>
    callApi('get', '/service/tmp-pdf', R.ServiceDataSchema, { searchParams: { service_token: serviceToken }, signal }),

  lookupSuggestions: (query: { text: string; category: string }, maxResults: number, signal?: AbortSignal) =>
    callApi('get', '/lookup/find', R.LookupSuggestionsSchema, {
      searchParams: { text: query.text, category: query.category, max_results: maxResults },
      signal,
    }),
  lookupDetail: (query: { id: string; category: string }, signal?: AbortSignal) =>
    callApi('get', '/lookup/find', R.LookupDetailSchema, { searchParams: query, signal }),
};

/**
 * Section 7's upload to the presigned URL: a multipart form of the fields plus the file, sent
 * cross-origin with no-cors, so its answer cannot be read; the conversion status tells the outcome.
 */
export async function uploadToPresignedUrl(upload: R.PresignedUpload, file: Blob, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  await fetch(upload.url, { method: 'POST', body: form, mode: 'no-cors', signal });
}
