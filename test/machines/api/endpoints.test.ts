import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, uploadToPresignedUrl } from '../../../machines/api/endpoints';
import { ApiError, GENERIC_ERROR_MESSAGE, callApi, isNetworkFailure, isUnauthorised, setApiBase } from '../../../machines/api/httpClient';
import { loadCollegeConfig } from '../../../src/college/load';

/*
 * Every call of spec section 7 as the page makes it: the method, the route, the query, the body and
 * the headers that reach a server over real HTTP (ky, fetch), and what the page makes of the answer.
 */

type Seen = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  ifMatch: string | undefined;
  accept: string | undefined;
};
let server: Server;
const seen: Seen[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{"message":"ok"}' };
const answerWith = (body: unknown, status = 200) => (answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) });

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return request.headers['content-type']?.includes('json') ? (JSON.parse(text) as unknown) : text || undefined;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://test');
    void readBody(request).then((body) => {
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        ifMatch: request.headers['if-match'],
        accept: request.headers.accept,
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  setApiBase(undefined);
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  answerWith({ message: 'ok' });
});

const last = () => seen.at(-1);
const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const profile = { username: 'a@b.edu', last_page: null, successful_login: [], web_status: [], answer: {} };

describe('the calls every page makes', () => {
  it.each([
    ['login', () => api.login({ username: 'a@b.edu', password: 'pw' }), '/public/login', { username: 'a@b.edu', password: 'pw' }],
    ['signup', () => api.signup({ username: 'a@b.edu', password: 'pw' }), '/public/signup', { username: 'a@b.edu', password: 'pw' }],
    ['confirm', () => api.confirm({ username: 'a@b.edu', code: '123456' }), '/public/confirm', { username: 'a@b.edu', code: '123456' }],
    ['resend', () => api.resendConfirm({ username: 'a@b.edu' }), '/public/resend-confirm', { username: 'a@b.edu' }],
    ['forgot', () => api.forgotPassword({ username: 'a@b.edu' }), '/public/forgot-password', { username: 'a@b.edu' }],
    [
      'reset',
      () => api.resetPassword({ username: 'a@b.edu', id: 'x', password: 'p', confirm_password: 'p' }),
      '/public/reset-password',
      { username: 'a@b.edu', id: 'x', password: 'p', confirm_password: 'p' },
    ],
    ['web status', () => api.postWebStatus('validating'), '/api/web-status', { web_status: 'validating' }],
    ['validations', () => api.postValidations({ city: ['Required.'] }), '/api/validations', { city: ['Required.'] }],
    ['submit', () => api.submit(), '/api/submit', {}],
    ['presigned url', () => api.presignedUrl('essay_doc'), '/api/presigned-url', { answer_key: 'essay_doc' }],
    [
      'conversion',
      () => api.requestConversion('essay doc', { file_key: 'k', file_name: 'a.pdf' }),
      '/api/pdf/document-answer/essay%20doc',
      { file_key: 'k', file_name: 'a.pdf' },
    ],
  ] as const)('POSTs %s with its form', async (_name, call, path, body) => {
    if (path === '/api/submit') answerWith({ message: 'Submitted.' });
    if (path === '/api/presigned-url') answerWith({ url: 'https://store.test', fields: { key: 'k' } });
    await call();
    expect(last()).toMatchObject({ method: 'POST', path, body });
  });

  it.each([
    ['last page', () => api.saveLastPage('/education'), '/api/last-page', { last_page: '/education' }],
    ['add another', () => api.saveAddAnother('siblings', 2), '/api/add-another', { button_id: 'siblings', num_components: 2 }],
    ['tab', () => api.saveTab('personal_statement', 'upload'), '/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' }],
  ] as const)('PUTs %s', async (_name, call, path, body) => {
    await call();
    expect(last()).toMatchObject({ method: 'PUT', path, body });
  });

  it('PUTs the changed answers with the version they were made over, and none without one', async () => {
    answerWith({ message: 'Saved.', version: 8 });
    await expect(api.saveAnswers({ city: 'Boston' }, undefined, 7)).resolves.toMatchObject({ version: 8 });
    expect(last()).toMatchObject({ method: 'PUT', path: '/api/answer', body: { city: 'Boston' }, ifMatch: '"7"' });
    await api.saveAnswers({ city: 'Boston' });
    expect(last()?.ifMatch).toBeUndefined();
  });

  it('every call asks for JSON, whether or not it sends headers of its own', async () => {
    answerWith({ message: 'Saved.', version: 8 });
    await api.saveAnswers({ city: 'Boston' }, undefined, 7);
    expect(last()).toMatchObject({ ifMatch: '"7"', accept: 'application/json' });
    await api.saveAnswers({ city: 'Boston' });
    expect(last()?.accept).toBe('application/json');
  });

  it.each([
    ['logout', () => api.logout(), '/api/logout', {}, { message: 'Bye.' }],
    ['profile', () => api.profile(), '/api/profile', {}, profile],
    ['college', () => api.college(), '/public/college', {}, loadCollegeConfig()],
    ['tabs', () => api.tabChoices(), '/api/tabs', {}, { personal_statement: 'upload' }],
    ['pdf copy', () => api.pdfCopy(), '/api/pdf', {}, { status: 'completed', url: '/files/copy' }],
    ['documents', () => api.documentAnswers(), '/api/document-answer', {}, {}],
    ['counts', () => api.addAnotherCounts(), '/api/add-another', {}, { siblings: 2 }],
    ['conversion status', () => api.conversionStatus('essay_doc'), '/api/pdf/document-answer/essay_doc', {}, { status: 'completed' }],
    ['document link', () => api.documentLink('essay_doc'), '/api/pdf/document-answer/essay_doc', {}, { status: 'completed', url: '/f' }],
    [
      'staff document link',
      () => api.staffDocumentLink('essay_doc', { serviceToken: 'tok' }),
      '/service/pdf/document-answer/essay_doc',
      { service_token: 'tok' },
      { status: 'completed', url: '/f' },
    ],
    [
      'staff document link in the console (the staff session, no token)',
      () => api.staffDocumentLink('essay_doc', { applicationId: 7 }),
      '/api/staff/applications/7/document-answer/essay_doc',
      {},
      { status: 'completed', url: '/f' },
    ],
    ['answers for the link', () => api.tmpAnswers('tok'), '/public/tmp', { token: 'tok' }, { answer: {} }],
    ['staff data', () => api.serviceData('tok'), '/service/tmp-pdf', { service_token: 'tok' }, { answer: {} }],
    [
      'lookup',
      () => api.lookupSuggestions({ text: 'spring', category: 'high_school' }, 5),
      '/lookup/find',
      { text: 'spring', category: 'high_school', max_results: '5' },
      [{ id: '1', text: 'Springfield High' }],
    ],
    [
      'lookup detail',
      () => api.lookupDetail({ id: '1', category: 'high_school' }),
      '/lookup/find',
      { id: '1', category: 'high_school' },
      {},
    ],
  ] as const)('GETs %s with its query and returns the answer', async (_name, call, path, query, body) => {
    answerWith(body);
    const result = await call();
    expect(last()).toMatchObject({ method: 'GET', path, query });
    expect(result).toBeDefined();
  });

  it.each([
    ['document', () => api.deleteDocument('essay doc'), '/api/document-answer/essay%20doc'],
    ['conversion', () => api.deleteConversion('essay_doc'), '/api/pdf/document-answer/essay_doc'],
  ] as const)('DELETEs the %s', async (_name, call, path) => {
    await call();
    expect(last()).toMatchObject({ method: 'DELETE', path });
  });

  it.each([
    ['login', (signal: AbortSignal) => api.login({ username: 'a@b.edu', password: 'pw' }, signal)],
    ['profile', (signal: AbortSignal) => api.profile(signal)],
    ['tabs', (signal: AbortSignal) => api.tabChoices(signal)],
    ['college', (signal: AbortSignal) => api.college(signal)],
    ['answers for the link', (signal: AbortSignal) => api.tmpAnswers('tok', signal)],
    ['staff data', (signal: AbortSignal) => api.serviceData('tok', signal)],
    ['answers', (signal: AbortSignal) => api.saveAnswers({ city: 'Boston' }, signal, 1)],
    ['submit', (signal: AbortSignal) => api.submit(signal)],
    ['pdf copy', (signal: AbortSignal) => api.pdfCopy(signal)],
    ['documents', (signal: AbortSignal) => api.documentAnswers(signal)],
    ['document deletion', (signal: AbortSignal) => api.deleteDocument('essay_doc', signal)],
    ['conversion status', (signal: AbortSignal) => api.conversionStatus('essay_doc', signal)],
    ['document link', (signal: AbortSignal) => api.documentLink('essay_doc', signal)],
    ['staff document link', (signal: AbortSignal) => api.staffDocumentLink('essay_doc', { serviceToken: 'tok' }, signal)],
    ['conversion deletion', (signal: AbortSignal) => api.deleteConversion('essay_doc', signal)],
    ['counts', (signal: AbortSignal) => api.addAnotherCounts(signal)],
    ['lookup', (signal: AbortSignal) => api.lookupSuggestions({ text: 'spring', category: 'high_school' }, 5, signal)],
  ] as const)('abandons the %s call when the page aborts it, before it reaches the server', async (_name, call) => {
    const abort = new AbortController();
    abort.abort();
    await expect(call(abort.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([]);
  });
});

describe('what the page makes of an answer (section 8)', () => {
  it('a refusal carries its message, its status and its body; 401 is the session’s', async () => {
    answerWith({ message: 'Incorrect email address or password.', code: 'NotAuthorized' }, 400);
    await expect(api.login({ username: 'a@b.edu', password: 'x' })).rejects.toMatchObject({
      message: 'Incorrect email address or password.',
      kind: 'http',
      status: 400,
      body: { code: 'NotAuthorized' },
    });
    answerWith({ message: 'Your session is invalid.' }, 401);
    await expect(api.profile()).rejects.toMatchObject({ kind: 'unauthorised', status: 401 });
  });

  it('a refusal without words, an answer that is not JSON or not of the expected shape: the generic message', async () => {
    for (const [body, status, kind] of [
      ['{}', 500, 'http'],
      ['{"message":""}', 500, 'http'],
      ['<html>down</html>', 502, 'http'],
      ['null', 500, 'http'],
      ['{"message":42}', 500, 'http'],
      ['not json', 200, 'invalid-response'],
      ['{"url":1}', 200, 'invalid-response'],
    ] as const) {
      answerWith(body, status);
      const error = (await api.pdfCopy().catch((caught: unknown) => caught)) as ApiError;
      expect(error, body).toBeInstanceOf(ApiError);
      expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
      expect(error.kind, body).toBe(kind);
    }
  });

  it('an answer that is not JSON is refused even when any JSON would do', async () => {
    answerWith('not json');
    await expect(callApi('get', '/api/anything', v.unknown())).rejects.toMatchObject({
      kind: 'invalid-response',
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it('tells the end of the session and a network failure apart from every other failure', async () => {
    answerWith({ message: 'Your session is invalid.' }, 401);
    const ended = await api.profile().catch((caught: unknown) => caught);
    answerWith({ message: 'No.' }, 400);
    const refused = await api.logout().catch((caught: unknown) => caught);
    setApiBase('http://127.0.0.1:9');
    const offline = await api.logout().catch((caught: unknown) => caught);
    setApiBase(base());
    expect([isUnauthorised(ended), isNetworkFailure(ended)]).toEqual([true, false]);
    expect([isUnauthorised(offline), isNetworkFailure(offline)]).toEqual([false, true]);
    expect([isUnauthorised(refused), isNetworkFailure(refused)]).toEqual([false, false]);
    // Only the API's own errors: another error that happens to carry a kind is neither.
    const stranger = Object.assign(new Error('x'), { kind: 'network' });
    expect([isUnauthorised(Object.assign(new Error('x'), { kind: 'unauthorised' })), isNetworkFailure(stranger)]).toEqual([false, false]);
  });

  it('in the browser, calls go to the page’s own origin', async () => {
    vi.stubGlobal('location', { origin: base() });
    setApiBase(undefined);
    try {
      await api.logout();
      expect(last()).toMatchObject({ method: 'GET', path: '/api/logout' });
    } finally {
      vi.unstubAllGlobals();
      setApiBase(base());
    }
  });

  it('no server at all is a network failure; a call the page abandons is aborted, not a failure', async () => {
    setApiBase('http://127.0.0.1:9');
    try {
      await expect(api.logout()).rejects.toMatchObject({ kind: 'network', message: GENERIC_ERROR_MESSAGE });
    } finally {
      setApiBase(base());
    }
    const abort = new AbortController();
    abort.abort();
    await expect(api.logout(abort.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the upload to the presigned URL', () => {
  it('posts the fields and the file as a form; an unreachable store is a network failure', async () => {
    await uploadToPresignedUrl({ url: `${base()}/upload`, fields: { key: 'applicants/7/a' } }, new Blob(['%PDF']));
    expect(last()).toMatchObject({ method: 'POST', path: '/upload' });
    expect(String(last()?.body)).toContain('applicants/7/a');
    expect(String(last()?.body)).toMatch(/name="file"[^]*%PDF/);
    await expect(uploadToPresignedUrl({ url: 'http://127.0.0.1:9/upload', fields: {} }, new Blob(['x']))).rejects.toMatchObject({
      kind: 'network',
    });
  });

  it('an upload the page abandons is aborted, not a failure', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(uploadToPresignedUrl({ url: `${base()}/upload`, fields: {} }, new Blob(['x']), abort.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(seen).toEqual([]);
  });
});
