import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../fixtures/completeApplication';
import { signUpAndLogIn, startTestServer, type MessageBody, type TestClient, type TestServer } from './helpers/testServer';
import { DOC_KEY, pdfCopyOf, uploadAndConvert } from './helpers/documents';
import { makePdf } from './helpers/files';
import { pdfText } from './helpers/pdfText';
import type { Profile, ServiceData } from '../../machines/api/responses';
import type { AnswerValue } from '../../src/catalogue/dataModel';
import { loadCollegeConfig } from '../../src/college/load';

const run = promisify(execFile);
const college = loadCollegeConfig();
let server: TestServer;
let counter = 0;
const usernameOf = (n: number) => `stored.${n}@example.org`;
const newApplicant = () => signUpAndLogIn(server, usernameOf(++counter));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const answersOf = async (client: TestClient) => (await client.get<Profile>('/api/profile')).body.answer;

/** Every application as `npm run admin -- export --status all --format json` prints it, by username. */
async function exported(): Promise<Map<string, Record<string, AnswerValue>>> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'server/cli/admin.ts', 'export', '--status', 'all', '--format', 'json'],
    { env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: 'http://admissions.test', NODE_ENV: 'test' } },
  );
  const rows = JSON.parse(stdout) as { username: string; answers: Record<string, AnswerValue> }[];
  return new Map(rows.map((row) => [row.username, row.answers]));
}

type Refusal = MessageBody & { key?: string };

describe('display texts are the catalogue’s labels', () => {
  it('derives every _desc from the chosen option, whatever the client sent', async () => {
    const client = await newApplicant();
    const major = college.majors[0]!;
    for (const payload of [
      { conviction: 'Y', conviction_desc: 'No', conviction_comment: 'x' },
      { country: 'USA', country_desc: 'Approved by Dean' },
      { applied_major: major.value, applied_major_desc: `${major.label} (ADMITTED - Dean)` },
    ]) {
      expect((await client.put('/api/answer', payload)).status).toBe(200);
    }
    expect(await answersOf(client)).toMatchObject({
      conviction: 'Y',
      conviction_desc: 'Yes',
      country: 'USA',
      country_desc: 'United States',
      applied_major: major.value,
      applied_major_desc: major.label,
    });
  });

  it('never stores a display text without its answer', async () => {
    const client = await newApplicant();
    expect((await client.put('/api/answer', { applied_major_desc: 'Nursing (ADMITTED - Dean)', first_name: 'Ann' })).status).toBe(200);
    const answers = await answersOf(client);
    expect(answers.first_name).toBe('Ann');
    expect(answers.applied_major_desc ?? '').toBe('');
  });

  it('shows a row stored before these rules with the labels and without its hidden answers, in the profile and the export', async () => {
    const client = await newApplicant();
    const username = usernameOf(counter);
    await client.put('/api/answer', { first_name: 'Old' });
    const user = server.db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number };
    const lie = {
      first_name: 'Old',
      conviction: 'Y',
      conviction_desc: 'No',
      pref_pronoun: 'SHE',
      other_pronoun: 'hidden',
      activity_2_name: 'Slot 2',
    };
    server.db.prepare('UPDATE applications SET answers = ? WHERE user_id = ?').run(JSON.stringify(lie), user.id);
    for (const answers of [await answersOf(client), (await exported()).get(username)]) {
      expect(answers).toMatchObject({ first_name: 'Old', conviction: 'Y', conviction_desc: 'Yes', other_pronoun: '', activity_2_name: '' });
    }
  });
});

/** What staff read: the staff view's data, through a staff link made by `npm run admin -- service-token`. */
async function staffViewOf(username: string): Promise<ServiceData> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'service-token', username], {
    env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: 'http://admissions.test', NODE_ENV: 'test' },
  });
  const token = new URL(stdout.trim()).searchParams.get('service_token')!;
  const view = await server.client().get<ServiceData>(`/service/tmp-pdf?service_token=${token}`);
  expect(view.status).toBe(200);
  return view.body;
}

/** The text of the applicant's PDF copy, as pdfjs reads it. */
async function copyTextOf(client: TestClient): Promise<string> {
  return pdfText(await pdfCopyOf(server, client));
}

describe('a document answer stands only with its document', () => {
  it('reads unanswered everywhere when a row stored earlier claims an upload that is not there, and answered with one', async () => {
    const client = await newApplicant();
    const username = usernameOf(counter);
    expect((await client.put('/api/answer', { first_name: 'Claim' })).status).toBe(200);
    const user = server.db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number };
    server.db
      .prepare('UPDATE applications SET answers = json_patch(answers, ?), version = version + 1 WHERE user_id = ?')
      .run(JSON.stringify({ [DOC_KEY]: 'ANSWERED' }), user.id);

    expect((await answersOf(client))[DOC_KEY] ?? '').toBe('');
    expect((await staffViewOf(username)).answer[DOC_KEY] ?? '').toBe('');
    expect((await exported()).get(username)?.[DOC_KEY] ?? '').toBe('');
    const copy = await copyTextOf(client);
    expect(copy).toContain('Claim');
    expect(copy).not.toContain('Document attached');

    // A document uploaded and converted stands answered in the same places.
    const other = await newApplicant();
    const otherName = usernameOf(counter);
    expect((await uploadAndConvert(server, other, { bytes: await makePdf(['Statement']), name: 'statement.pdf' })).final.status).toBe(
      'completed',
    );
    expect((await answersOf(other))[DOC_KEY]).toBe('ANSWERED');
    expect((await staffViewOf(otherName)).answer[DOC_KEY]).toBe('ANSWERED');
    expect((await exported()).get(otherName)?.[DOC_KEY]).toBe('ANSWERED');
    expect(await copyTextOf(other)).toContain('Document attached: statement.pdf');
  }, 60_000);
});

describe('what the form hides is not stored', () => {
  it('clears hidden conditional answers when saving, and refuses scores out of range', async () => {
    const client = await newApplicant();
    expect((await client.put('/api/answer', { pref_pronoun: 'SHE', other_pronoun: 'ze/zir' })).status).toBe(200);
    expect((await client.put('/api/answer', { sat_taken: 'N', sat_score_math: '800' })).status).toBe(200);
    expect(await answersOf(client)).toMatchObject({ pref_pronoun: 'SHE', other_pronoun: '', sat_taken: 'N', sat_score_math: '' });

    const outOfRange = await client.put<Refusal>('/api/answer', { sat_taken: 'Y', sat_score_math: '805' });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body).toMatchObject({ key: 'sat_score_math', message: expect.stringContaining('from 200 to 800') as unknown });
    // An answer shown again starts empty: what it held while hidden is gone.
    expect((await client.put('/api/answer', { pref_pronoun: 'OTHER' })).status).toBe(200);
    expect((await answersOf(client)).other_pronoun).toBe('');
  });

  it('clears a sealed answer the form now hides, and keeps it sealed while shown', async () => {
    const client = await newApplicant();
    const resident = { citizenship_type: 'PERMANENT_RESIDENT', alien_registration_number: 'A012345678' };
    expect((await client.put('/api/answer', resident)).status).toBe(200);
    expect(await answersOf(client)).toMatchObject(resident);
    expect((await client.put('/api/answer', { citizenship_type: 'US_CITIZEN' })).status).toBe(200);
    expect((await answersOf(client)).alien_registration_number ?? '').toBe('');
    // Given while hidden, it is not kept either.
    expect((await client.put('/api/answer', { alien_registration_number: 'A087654321' })).status).toBe(200);
    expect((await answersOf(client)).alien_registration_number ?? '').toBe('');
  });

  it('refuses a document answer that only the upload flow may set', async () => {
    const client = await newApplicant();
    const response = await client.put<Refusal>('/api/answer', { first_name: 'Ann', personal_statement_doc: 'ANSWERED' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      key: 'personal_statement_doc',
      message: 'Answer personal_statement_doc is set by uploading a document, not by saving answers.',
    });
    expect((await answersOf(client)).personal_statement_doc ?? '').toBe('');
    // Repeating what the server holds is harmless: the page sends its whole state.
    expect((await client.put('/api/answer', { first_name: 'Ann', personal_statement_doc: '' })).status).toBe(200);
  });

  it('refuses answers in add-another items beyond the count, and clears stale ones when items are added', async () => {
    const client = await newApplicant();
    const beyond = await client.put<Refusal>('/api/answer', { activity_name: 'Chess', activity_2_name: 'Rowing' });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ key: 'activity_2_name', message: expect.stringContaining('Activity 2') as unknown });
    expect((await answersOf(client)).activity_2_name ?? '').toBe('');
    // Emptying an item beyond the count is no answer, so the page's clearing saves go through.
    expect((await client.put('/api/answer', { activity_name: 'Chess', activity_2_name: '' })).status).toBe(200);
    expect((await client.put('/api/add-another', { button_id: 'activities', num_components: 2 })).status).toBe(200);
    expect((await client.put('/api/answer', { activity_2_name: 'Rowing' })).status).toBe(200);
    expect((await answersOf(client)).activity_2_name).toBe('Rowing');
  });

  it('keeps hidden, beyond-count and server-only answers out of the export of a submitted application', async () => {
    const client = await newApplicant();
    const username = usernameOf(counter);
    expect(
      (await client.put('/api/answer', { ...completeApplication, sat_taken: 'N', sat_score_math: '805', other_pronoun: 'x' })).status,
    ).toBe(200);
    expect((await client.post('/api/submit', {})).status).toBe(200);
    const answers = (await exported()).get(username)!;
    expect(answers).toMatchObject({
      sat_taken: 'N',
      sat_score_math: '',
      other_pronoun: '',
      activity_2_name: '',
    });
    expect(answers.personal_statement_doc ?? '').toBe('');
  });
});

describe('a submitted application does not change', () => {
  it('refuses add-another changes after submission with 409', async () => {
    const client = await newApplicant();
    expect((await client.put('/api/answer', completeApplication)).status).toBe(200);
    expect((await client.post('/api/submit', {})).status).toBe(200);
    const response = await client.put<MessageBody>('/api/add-another', { button_id: 'activities', num_components: 2 });
    expect(response).toMatchObject({
      status: 409,
      body: { message: 'Your application has already been submitted and can no longer be changed.' },
    });
    expect((await client.get<Record<string, number>>('/api/add-another')).body.activities).toBe(1);
  });
});

describe('what a text answer may hold', () => {
  it('refuses a required name of spaces or invisible characters at submission, and stores names trimmed', async () => {
    for (const blank of ['   ', '\u200B', ' \u200B\u2060 ']) {
      const client = await newApplicant();
      expect((await client.put('/api/answer', { ...completeApplication, first_name: blank })).status).toBe(200);
      const refused = await client.post<{ errors: { key: string; message: string }[] }>('/api/submit', {});
      expect(refused.status, JSON.stringify(blank)).toBe(422);
      expect(refused.body.errors).toContainEqual({ key: 'first_name', message: 'First name is required.' });
    }
    const client = await newApplicant();
    expect((await client.put('/api/answer', { first_name: '  Ann  ' })).status).toBe(200);
    expect((await answersOf(client)).first_name).toBe('Ann');
  });

  it('refuses line breaks and control characters in single-line answers, with a message naming the answer', async () => {
    const client = await newApplicant();
    await client.put('/api/answer', { city: 'Hanoi' });
    const cases: [Record<string, string>, string, string][] = [
      [{ city: 'Hanoi\nSSN: 000-00-0000' }, 'city', 'City: please keep this answer on one line.'],
      [{ city: 'Ha\r\nnoi' }, 'city', 'City: please keep this answer on one line.'],
      [{ city: 'Ha\u001b[31mnoi' }, 'city', 'City: please remove the invisible control character.'],
      [{ first_name: 'A\u0007nn' }, 'first_name', 'First name: please remove the invisible control character.'],
      [{ last_name: 'N\u0000go' }, 'last_name', 'Last name (family name): please remove the invisible control character.'],
      [{ middle_name: 'A\u009bnn' }, 'middle_name', 'Middle name: please remove the invisible control character.'],
      [{ last_name: 'cv\u202Excod.pdf' }, 'last_name', 'Last name (family name): please remove the invisible text-direction character.'],
      [{ city: 'Ha\uD800noi' }, 'city', 'City: please type this answer again (it holds a broken character).'],
      [
        { personal_statement_essay: 'First.\tSecond.' },
        'personal_statement_essay',
        'Personal statement: please remove the invisible control character.',
      ],
    ];
    for (const [payload, key, message] of cases) {
      const response = await client.put<Refusal>('/api/answer', payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatchObject({ key, message });
    }
    expect((await answersOf(client)).city).toBe('Hanoi');
    // A text area keeps its paragraphs.
    const essay = 'First paragraph.\n\nSecond paragraph.\r\nThird.';
    expect((await client.put('/api/answer', { personal_statement_essay: essay })).status).toBe(200);
    expect((await answersOf(client)).personal_statement_essay).toBe(essay);
  });

  it('takes long school names and address lines whole, and refuses longer ones naming the limit (never cut)', async () => {
    const client = await newApplicant();
    const school = 'Trường THPT Chuyên Lê Hồng Phong, TP. Hồ Chí Minh';
    const address = '235 Nguyễn Văn Cừ, Phường 4, Quận 5, Thành phố Hồ Chí Minh';
    const given = {
      hs_name: school,
      hs_address_line_1: address,
      address_line_1: address,
      activity_name: 'Câu lạc bộ Robotics và Trí tuệ nhân tạo trường THPT',
      activity_award: 'Giải Nhất Olympic Tin học sinh viên Việt Nam 2025',
      counselor_first_name: 'Nguyễn Thị Phương Thảo Ngọc Anh',
    };
    expect((await client.put('/api/answer', given)).status).toBe(200);
    expect(await answersOf(client)).toMatchObject(given);
    const tooLong = await client.put<Refusal>('/api/answer', { hs_name: 'x'.repeat(101) });
    expect(tooLong).toMatchObject({ status: 400, body: { key: 'hs_name', message: 'Answer hs_name must be at most 100 characters.' } });
    expect((await answersOf(client)).hs_name).toBe(school);
  });
});

describe('phone numbers from any country', () => {
  it('submits a parent’s international number as given, and refuses one that is no number', async () => {
    const client = await newApplicant();
    const phone = '+84 903 111 222';
    expect((await client.put('/api/answer', { ...completeApplication, parent_phone: phone })).status).toBe(200);
    expect((await answersOf(client)).parent_phone).toBe(phone);

    const other = await newApplicant();
    expect((await other.put('/api/answer', { ...completeApplication, parent_phone: '+84 12', phone_international: '+44 1' })).status).toBe(
      200,
    );
    const refused = await other.post<{ errors: { key: string; message: string }[] }>('/api/submit', {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        { key: 'parent_phone', message: 'Parent 1/Guardian 1: Please enter a valid phone number.' },
        {
          key: 'phone_international',
          message: 'International phone number: Please enter a valid phone number, starting with + and the country code.',
        },
      ]),
    );

    expect((await client.post('/api/submit', {})).status).toBe(200);
    expect((await answersOf(client)).parent_phone).toBe(phone);
  });
});
