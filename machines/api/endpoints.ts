import type { Answers } from '../../src/catalogue/dataModel';
import { api as coreApi } from './coreEndpoints';
import { ApiError, GENERIC_ERROR_MESSAGE, callApi } from './httpClient';
import * as R from './responses';

/**
 * How staff reach an applicant's files: the token of a staff link, or their own console session
 * and the application's id.
 */
export type StaffAccess = { serviceToken: string } | { applicationId: number };

/**
 * Every API call, as a plain async function taking the abort signal: the calls of
 * every page (./coreEndpoints, which the core actors import directly) and those of the form
 * actors, which only the form actors' module loads. Machines wrap these in `fromPromise` actors
 * under names of their own, so tests swap them with `.provide()`.
 */
export const api = {
  ...coreApi,
  /**
   * Saves the answers changed since `baseVersion`; the server refuses (409, `conflicts`) a change
   * over an answer another tab changed since then, instead of silently overwriting it.
   */
  saveAnswers: (answers: Answers, signal?: AbortSignal, baseVersion?: number) =>
    callApi('put', '/api/answer', R.SaveAnswersResponseSchema, {
      json: answers,
      signal,
      headers: baseVersion === undefined ? undefined : { 'if-match': `"${baseVersion}"` },
    }),
  postValidations: (errors: Record<string, string[]>, signal?: AbortSignal) =>
    callApi('post', '/api/validations', R.MessageSchema, { json: errors, signal }),
  submit: (signal?: AbortSignal) => callApi('post', '/api/submit', R.SubmitResponseSchema, { json: {}, signal }),

  pdfCopy: (signal?: AbortSignal) => callApi('get', '/api/pdf', R.PdfCopySchema, { signal }),
  /** The applicant has opened their decision letter (the server keeps the first time). */
  decisionOpened: (signal?: AbortSignal) => callApi('post', '/api/decision/opened', R.MessageSchema, { json: {}, signal }),
  presignedUrl: (answerKey: string, signal?: AbortSignal) =>
    callApi('post', '/api/presigned-url', R.PresignedUrlSchema, { json: { answer_key: answerKey }, signal }),
  documentAnswers: (signal?: AbortSignal) => callApi('get', '/api/document-answer', R.DocumentAnswersSchema, { signal }),
  deleteDocument: (key: string, signal?: AbortSignal) =>
    callApi('delete', `/api/document-answer/${encodeURIComponent(key)}`, R.MessageSchema, { signal }),
  requestConversion: (key: string, file: { file_key: string; file_name: string }, signal?: AbortSignal) =>
    callApi('post', `/api/pdf/document-answer/${encodeURIComponent(key)}`, R.MessageSchema, { json: file, signal }),
  conversionStatus: (key: string, signal?: AbortSignal) =>
    callApi('get', `/api/pdf/document-answer/${encodeURIComponent(key)}`, R.ConversionStatusSchema, { signal }),
  /** The same GET as conversionStatus, read for the converted PDF's download link. */
  documentLink: (key: string, signal?: AbortSignal) =>
    callApi('get', `/api/pdf/document-answer/${encodeURIComponent(key)}`, R.DocumentLinkSchema, { signal }),
  /**
   * Staff: the same link for an applicant's document, through a staff link's token
   * (GET /service/pdf/document-answer/{key}) or a staff member's console session
   * (GET /api/staff/applications/{id}/document-answer/{key}).
   */
  staffDocumentLink: (key: string, access: StaffAccess, signal?: AbortSignal) =>
    'serviceToken' in access
      ? callApi('get', `/service/pdf/document-answer/${encodeURIComponent(key)}`, R.DocumentLinkSchema, {
          searchParams: { service_token: access.serviceToken },
          signal,
        })
      : callApi('get', `/api/staff/applications/${access.applicationId}/document-answer/${encodeURIComponent(key)}`, R.DocumentLinkSchema, {
          signal,
        }),
  deleteConversion: (key: string, signal?: AbortSignal) =>
    callApi('delete', `/api/pdf/document-answer/${encodeURIComponent(key)}`, R.MessageSchema, { signal }),

  saveAddAnother: (buttonId: string, count: number, signal?: AbortSignal) =>
    callApi('put', '/api/add-another', R.MessageSchema, { json: { button_id: buttonId, num_components: count }, signal }),
  addAnotherCounts: (signal?: AbortSignal) => callApi('get', '/api/add-another', R.CountsSchema, { signal }),
  saveTab: (tabId: string, chosenTab: string, signal?: AbortSignal) =>
    callApi('put', '/api/tabs', R.MessageSchema, { json: { tab_id: tabId, chosen_tab: chosenTab }, signal }),

  lookupSuggestions: (query: { text: string; category: string }, maxResults: number, signal?: AbortSignal) =>
    callApi('get', '/lookup/find', R.LookupSuggestionsSchema, {
      searchParams: { text: query.text, category: query.category, max_results: maxResults },
      signal,
    }),
  lookupDetail: (query: { id: string; category: string }, signal?: AbortSignal) =>
    callApi('get', '/lookup/find', R.LookupDetailSchema, { searchParams: query, signal }),
};

/**
 * The upload to the presigned URL: a multipart form of the fields plus the file, sent
 * cross-origin with no-cors, so its answer cannot be read; the conversion status tells the outcome.
 */
export async function uploadToPresignedUrl(upload: R.PresignedUpload, file: Blob, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  try {
    await fetch(upload.url, { method: 'POST', body: form, mode: 'no-cors', signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    // The browser's own words ("Failed to fetch") are not for the applicant: the generic error message.
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'network', undefined);
  }
}
