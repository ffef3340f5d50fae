import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../fixtures/completeApplication';
import { APPLICATION_SERVICE_MESSAGES } from '../../server/application/applicationService';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer, type MessageBody } from './helpers/testServer';
import type { Profile, ServiceData } from '../../machines/api/responses';
import type { AnswerValue } from '../../src/catalogue/dataModel';
import { anyString, stringMatching } from '../fixtures/matchers';

const run = promisify(execFile);
let server: TestServer;
let counter = 0;
const newApplicant = () => signUpAndLogIn(server, `app.${++counter}@example.org`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** Runs an npm script's program the way `npm run admin -- …` does, against the test server's DATA_DIR. */
async function cli(script: 'admin' | 'mail', args: string[]) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: 'http://admissions.test', NODE_ENV: 'test' },
  });
  return stdout;
}

describe('answers', () => {
  it('round-trip, including _desc companions and booleans, and merge across saves', async () => {
    const client = await newApplicant();
    const first = await client.put('/api/answer', { first_name: 'Zoë', country: 'USA', country_desc: 'United States' });
    expect(first).toMatchObject({ status: 200, body: { message: APPLICATION_SERVICE_MESSAGES.saved, version: 1 } });
    const second = await client.put<{ version: number }>('/api/answer', { race_asian: true, first_name: 'Zoë Ann' });
    expect(second.body.version).toBe(2);
    const { body } = await client.get<Profile>('/api/profile');
    expect(body.answer).toEqual({ first_name: 'Zoë Ann', country: 'USA', country_desc: 'United States', race_asian: true });
    expect(body.answer_version).toBe(2);
  });

  it('refuses unknown keys, wrong types, over-long values and bad options, naming the key and storing nothing', async () => {
    const client = await newApplicant();
    await client.put('/api/answer', { first_name: 'Kept' });
    const refusals: [Record<string, unknown>, string][] = [
      [{ middle_name: 'Ok', favourite_colour: 'blue' }, 'favourite_colour'],
      [{ middle_name: 'Ok', last_name: 12 }, 'last_name'],
      [{ middle_name: 'Ok', race_white: 'yes' }, 'race_white'],
      [{ middle_name: 'Ok', city: 'x'.repeat(46) }, 'city'],
      [{ middle_name: 'Ok', country: 'ATLANTIS' }, 'country'],
      [{ middle_name: 'Ok', first_name_desc: 'not a select' }, 'first_name_desc'],
    ];
    for (const [payload, key] of refusals) {
      const response = await client.put<MessageBody>('/api/answer', payload);
      expect(response.status, key).toBe(400);
      expect(response.body.message, key).toContain(key);
    }
    expect((await client.get<Profile>('/api/profile')).body.answer).toEqual({ first_name: 'Kept' });
  });

  it('keeps the last page', async () => {
    const client = await newApplicant();
    expect((await client.put('/api/last-page', { last_page: '/education' })).status).toBe(200);
    expect((await client.get<Profile>('/api/profile')).body.last_page).toBe('/education');
    expect((await client.put('/api/last-page', { last_page: 'https://evil.example' })).status).toBe(400);
  });
});

describe('the profile and save calls', () => {
  it('answer HEAD as GET, OPTIONS with the methods allowed, and any other method 405 with Allow, as every call does', async () => {
    const client = await newApplicant();
    const head = await client.request('HEAD', '/api/profile');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const options = await client.request('OPTIONS', '/api/answer');
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toBe('PUT');
    for (const [method, path, allow] of [
      ['POST', '/api/profile', 'GET, HEAD'],
      ['DELETE', '/api/answer', 'PUT'],
    ] as const) {
      const refused = await client.request<MessageBody>(method, path, {});
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe(allow);
      expect(refused.body.message).toBe('This method is not allowed here.');
    }
    // Another call's 405 reads the same.
    const other = await client.request<MessageBody>('DELETE', '/api/tabs', {});
    expect(other.status).toBe(405);
    expect(other.body.message).toBe('This method is not allowed here.');
    // Without a session the calls themselves are refused with 401.
    expect((await server.client().get('/api/profile')).status).toBe(401);
  });
});

describe('web status and submission', () => {
  it('moves started → validating → submitted, refusing steps out of order', async () => {
    const client = await newApplicant();
    expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(409);
    expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await client.post('/api/web-status', { web_status: 'submitted' })).status).toBe(409);
    expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
    const statuses = (await client.get<Profile>('/api/profile')).body.web_status.map((entry: { web_status: string }) => entry.web_status);
    expect(statuses).toEqual(['started', 'validating']);
  });

  it('refuses an incomplete application with 422 and its errors, then submits and freezes it', async () => {
    const client = await newApplicant();
    await client.post('/api/web-status', { web_status: 'started' });
    await client.post('/api/web-status', { web_status: 'validating' });
    await client.put('/api/answer', { first_name: 'Ada' });
    const refused = await client.post<MessageBody & { errors: { key: string; message: string }[] }>('/api/submit', {});
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(APPLICATION_SERVICE_MESSAGES.missingInformation);
    const keys = refused.body.errors.map((error) => error.key);
    expect(keys).toEqual(expect.arrayContaining(['last_name', 'gender', 'birth_date', 'legal_agree']));
    expect(keys).not.toContain('first_name');
    expect(refused.body.errors.find((error) => error.key === 'entry_term')?.message).toBe(
      'Please choose a term for "When do you plan to start?".',
    );

    expect((await client.post('/api/validations', { last_name: ['Last name is required.'] })).status).toBe(200);
    expect((await client.put('/api/answer', completeApplication)).status).toBe(200);
    const accepted = await client.post('/api/submit', {});
    expect(accepted).toMatchObject({ status: 200, body: { message: 'Your application was successfully submitted.' } });
    expect((await client.post('/api/web-status', { web_status: 'submitted' })).status).toBe(200);

    const profile = (await client.get<Profile>('/api/profile')).body;
    expect(profile.web_status.map((entry) => entry.web_status)).toEqual(['started', 'validating', 'submitted']);
    expect(await client.put('/api/answer', { first_name: 'Changed' })).toMatchObject({
      status: 409,
      body: { message: APPLICATION_SERVICE_MESSAGES.alreadySubmitted },
    });
    expect((await client.post('/api/submit', {})).status).toBe(409);
    expect((await client.get<Profile>('/api/profile')).body.answer.first_name).toBe(completeApplication.first_name);
  });
});

describe('add-another and tabs', () => {
  it('stores counts between 1 and the group maximum', async () => {
    const client = await newApplicant();
    const defaults = (await client.get<Record<string, number>>('/api/add-another')).body;
    expect(defaults.activities).toBe(1);
    expect((await client.put('/api/add-another', { button_id: 'activities', num_components: 3 })).status).toBe(200);
    expect((await client.put('/api/add-another', { button_id: 'activities', num_components: 5 })).status).toBe(400);
    expect((await client.put('/api/add-another', { button_id: 'activities', num_components: 0 })).status).toBe(400);
    expect((await client.put('/api/add-another', { button_id: 'nope', num_components: 2 })).status).toBe(400);
    expect((await client.get<Record<string, number>>('/api/add-another')).body.activities).toBe(3);
  });

  it('a smaller count removes the dropped items with their answers (issue 13); earlier items keep theirs', async () => {
    const client = await newApplicant();
    await client.put('/api/add-another', { button_id: 'activities', num_components: 3 });
    await client.put('/api/answer', {
      activity_name: 'Chess',
      activity_2_name: 'Rowing',
      activity_3_name: 'Choir',
      activity_3_position: 'Alto',
    });
    expect((await client.put('/api/add-another', { button_id: 'activities', num_components: 2 })).status).toBe(200);
    const { answer } = (await client.get<Profile>('/api/profile')).body;
    expect(answer).toMatchObject({ activity_name: 'Chess', activity_2_name: 'Rowing', activity_3_name: '', activity_3_position: '' });
    expect((await client.get<Record<string, number>>('/api/add-another')).body.activities).toBe(2);
  });

  it('saves the chosen tab and clears the answers of the other tab', async () => {
    const client = await newApplicant();
    await client.put('/api/answer', { personal_statement_essay: 'My essay.' });
    expect((await client.get<Record<string, string>>('/api/tabs')).body.personal_statement).toBe('write');
    const response = await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' });
    expect(response.status).toBe(200);
    expect((await client.get<Record<string, string>>('/api/tabs')).body.personal_statement).toBe('upload');
    expect((await client.get<Profile>('/api/profile')).body.answer.personal_statement_essay).toBe('');
    expect((await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'dance' })).status).toBe(400);
  });
});

describe('staff links and prefill links', () => {
  it('a staff link reads the application but cannot write', async () => {
    const username = `staffview.${++counter}@example.org`;
    const applicant = await signUpAndLogIn(server, username);
    await applicant.put('/api/answer', { first_name: 'Grace', last_name: 'Hopper' });
    const url = new URL((await cli('admin', ['service-token', username])).trim());
    expect(url.origin + url.pathname).toBe('http://admissions.test/about');
    const token = url.searchParams.get('service_token')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const staff: TestClient = server.client();
    const view = await staff.get<ServiceData>(`/service/tmp-pdf?service_token=${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ answer: { first_name: 'Grace', last_name: 'Hopper' }, document_answer: {} });
    expect(view.body.add_another.activities).toBe(1);
    expect(view.body.tabs.personal_statement).toBe('write');

    expect((await staff.put(`/api/answer?service_token=${token}`, { first_name: 'Changed' })).status).toBe(401);
    expect((await staff.get(`/service/tmp-pdf?service_token=${token.slice(0, -2)}xx`)).status).toBe(403);
    // The command stamped the token with the real time, a little after the test clock started.
    const before = server.clock.now();
    server.clock.advance(7 * 24 * 60 * 60 * 1000 + 60_000);
    expect((await staff.get(`/service/tmp-pdf?service_token=${token}`)).status).toBe(403);
    server.clock.set(before);
  });

  it('a prefill link serves prepared answers to a visitor', async () => {
    const file = join(server.dataDir, 'prefill.json');
    writeFileSync(file, JSON.stringify({ first_name: 'Prefilled', country: 'CAN', country_desc: 'Canada' }));
    const url = new URL((await cli('admin', ['tmp-token', file])).trim());
    const token = url.searchParams.get('token')!;
    const response = await server.client().get(`/public/tmp?token=${token}`);
    expect(response).toMatchObject({ status: 200, body: { answer: { first_name: 'Prefilled', country: 'CAN' } } });
    expect((await server.client().get('/public/tmp?token=unknown-token-123456')).status).toBe(404);
  });
});

describe('the mail and export commands', () => {
  it('`npm run mail -- --to ADDRESS --json` prints that address’s messages', async () => {
    const username = `mailcli.${++counter}@example.org`;
    await signUpAndLogIn(server, username);
    const messages = JSON.parse(await cli('mail', ['--to', username.toUpperCase(), '--json'])) as unknown[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual({
      to: username,
      subject: anyString,
      text: stringMatching(/^\d{6}$/m),
      created_at: anyString,
    });
    expect(await cli('mail', [])).toContain(`To:      ${username}`);
  });

  it('exports submitted applications as CSV and JSON', async () => {
    const username = `export.${++counter}@example.org`;
    const client = await signUpAndLogIn(server, username);
    await client.put('/api/answer', completeApplication);
    expect((await client.post('/api/submit', {})).status).toBe(200);
    const json = JSON.parse(await cli('admin', ['export', '--status', 'submitted', '--format', 'json'])) as {
      username: string;
      answers: Record<string, AnswerValue>;
    }[];
    const mine = json.find((row) => row.username === username);
    expect(mine?.answers.first_name).toBe(completeApplication.first_name);
    const csv = await cli('admin', ['export', '--status', 'submitted', '--format', 'csv']);
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header!.split(',').slice(0, 3)).toEqual(['username', 'submitted_at', expect.any(String)]);
    expect(rows.some((row) => row.startsWith(username + ','))).toBe(true);
  });
});
