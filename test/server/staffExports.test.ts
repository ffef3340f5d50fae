import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAccessLog } from '../../db/accessLog';
import { completeApplication } from '../fixtures/completeApplication';
import { formulaPieces, parseCsv } from './helpers/csv';
import { TOTP_STEP_MS, signInStaff, signedInStaff, totpCode, type SignedInStaff, type StaffMember } from './helpers/staff';
import { signUpAndLogIn, startTestServer, type MessageBody, type TestClient, type TestServer } from './helpers/testServer';

const DAY_MS = 86_400_000;
const SSN = '123-45-6789';
const MASKED_SSN = '•••-••-6789';
const LIST_COLUMNS = ['name', 'email', 'reference', 'status', 'step', 'last_change', 'submitted_at', 'reviews', 'decision'];
/** What applicants typed that a spreadsheet would run, and how an export must write it. */
const FORMULA_NAME = { first_name: 'Ann;=1+1', last_name: '@SUM(1)' };
const SAFE_NAME = { first_name: "Ann;'=1+1", last_name: "'@SUM(1)" };

let server: TestServer;
let admin: StaffMember;
let callers: SignedInStaff['callers'];

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}

/** An export as a browser downloads it: the raw bytes, whatever the format. */
async function exportFile(body: unknown, caller = callers.admin): Promise<Download> {
  const cookie = [...caller.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${caller.baseUrl}/api/staff/exports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

const jsonRows = async (body: Record<string, unknown>, caller = callers.admin) => {
  const file = await exportFile({ format: 'json', ...body }, caller);
  expect(file.status, file.text).toBe(200);
  return JSON.parse(file.text) as Record<string, unknown>[];
};

const csvRows = async (body: Record<string, unknown>) => {
  const file = await exportFile({ format: 'csv', ...body });
  expect(file.status, file.text).toBe(200);
  return { file, rows: parseCsv(file.text.replace(/^\uFEFF/, '')) };
};

async function xlsxCells(body: Record<string, unknown>): Promise<ExcelJS.Cell[][]> {
  const file = await exportFile({ format: 'xlsx', ...body });
  expect(file.status, file.text).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  const rows: ExcelJS.Cell[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const cells: ExcelJS.Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell));
    rows.push(cells);
  });
  return rows;
}

/** Every row of the list for a query string, page after page, as the console would read it. */
async function wholeList(query: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await callers.admin.get<{ applications: Record<string, unknown>[]; total: number }>(
      `/api/staff/applications?${query}${query ? '&' : ''}page=${page}&page_size=2`,
    );
    expect(status).toBe(200);
    // The export's list columns; the flag and the release are shown beside reviews and decision in the list only.
    rows.push(...body.applications.map((row) => Object.fromEntries(LIST_COLUMNS.map((column) => [column, row[column]]))));
    if (rows.length >= body.total) return rows;
  }
}

/** Applicants at each status; two submitted three days apart; one with an SSN, one whose name a spreadsheet would run. */
async function seedApplicants(): Promise<TestClient> {
  const thao = await signUpAndLogIn(server, 'thao@example.org');
  expect((await thao.put('/api/answer', { ...completeApplication, first_name: 'Thảo', last_name: 'Nguyễn', ssn: SSN })).status).toBe(200);
  expect((await thao.post('/api/submit', {})).status).toBe(200);
  server.clock.advance(3 * DAY_MS);
  const ann = await signUpAndLogIn(server, 'ann@example.org');
  expect((await ann.put('/api/answer', { ...completeApplication, ...FORMULA_NAME })).status).toBe(200);
  expect((await ann.post('/api/submit', {})).status).toBe(200);
  const minh = await signUpAndLogIn(server, 'minh@example.org');
  expect((await minh.put('/api/answer', { first_name: 'Minh', last_name: 'Nguyen' })).status).toBe(200);
  expect((await minh.put('/api/last-page', { last_page: '/education' })).status).toBe(200);
  const ana = await signUpAndLogIn(server, 'ana@example.org');
  expect((await ana.put('/api/answer', { first_name: 'Ana', last_name: 'Lima' })).status).toBe(200);
  expect((await ana.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
  expect((await ana.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
  return signUpAndLogIn(server, 'only.account@example.org');
}

beforeAll(async () => {
  server = await startTestServer();
  // First: seeding moves the clock by days, past a staff session's 8 hours.
  const applicant = await seedApplicants();
  // The deactivated account was an admin: its role is not what refuses it.
  const staff = await signedInStaff(server, { applicant, deactivatedRole: 'admin' });
  callers = staff.callers;
  admin = staff.members.admin;
}, 90_000);
afterAll(async () => {
  await server.stop();
});

/** The admin's second factor confirmed again with the authenticator's next code. */
async function reauth(caller = callers.admin) {
  server.clock.advance(TOTP_STEP_MS);
  return caller.post<MessageBody>('/api/staff/reauth', { code: totpCode(admin.setupKey, server.clock.now()) });
}

describe('who may export and confirm the second factor again', () => {
  it('exports for an admin only: a reader gets 403; no session, an applicant session and a deactivated account get 401', async () => {
    const statuses: Record<string, number> = {};
    for (const [name, caller] of Object.entries(callers)) {
      statuses[name] = (await exportFile({ format: 'csv', columns: ['email'] }, caller)).status;
    }
    expect(statuses).toEqual({ admin: 200, reader: 403, nobody: 401, applicant: 401, deactivated: 401 });
  });

  it('confirms the second factor for an admin only, with the same answers to everyone else', async () => {
    const statuses: Record<string, number> = {};
    for (const [name, caller] of Object.entries(callers)) {
      statuses[name] =
        caller === callers.admin ? (await reauth()).status : (await caller.post('/api/staff/reauth', { code: '123456' })).status;
    }
    expect(statuses).toEqual({ admin: 200, reader: 403, nobody: 401, applicant: 401, deactivated: 401 });
  });
});

describe('an export of the list', () => {
  it('holds exactly the rows of the filtered list, every page, in its order', async () => {
    const cases: [string, Record<string, string>][] = [
      ['', {}],
      ['sort=email&order=asc', { sort: 'email', order: 'asc' }],
      ['status=submitted&sort=name&order=desc', { status: 'submitted', sort: 'name', order: 'desc' }],
      ['q=nguyen&sort=name&order=asc', { q: 'nguyen', sort: 'name', order: 'asc' }],
      ['sort=submitted_at&order=asc', { sort: 'submitted_at', order: 'asc' }],
    ];
    for (const [query, filters] of cases) {
      const listed = await wholeList(query);
      expect(await jsonRows({ columns: LIST_COLUMNS, filters }), query).toEqual(listed);
    }
    // The filters at work: not every case is the whole list.
    expect((await wholeList('q=nguyen')).map((row) => row.email)).toEqual(expect.arrayContaining(['thao@example.org', 'minh@example.org']));
    expect(await wholeList('q=nguyen')).toHaveLength(2);
    expect(await wholeList('')).toHaveLength(5);
  });

  it('refuses a filter the list refuses, with the same message', async () => {
    const listed = await callers.admin.get<MessageBody>('/api/staff/applications?status=lost');
    const file = await exportFile({ format: 'csv', columns: ['email'], filters: { status: 'lost' } });
    expect(file.status).toBe(400);
    expect((JSON.parse(file.text) as MessageBody).message).toBe(listed.body.message);
  });

  it('has the chosen columns in the chosen order, list columns and answers alike', async () => {
    const { rows } = await csvRows({ columns: ['email', 'last_name', 'status'], filters: { sort: 'email', order: 'asc' } });
    expect(rows[0]).toEqual(['email', 'last_name', 'status']);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      'ana@example.org',
      'ann@example.org',
      'minh@example.org',
      'only.account@example.org',
      'thao@example.org',
    ]);
    expect(rows.find((row) => row[0] === 'minh@example.org')).toEqual(['minh@example.org', 'Nguyen', 'started']);
    expect(await jsonRows({ columns: ['first_name', 'email'], filters: { q: 'minh' } })).toEqual([
      { first_name: 'Minh', email: 'minh@example.org' },
    ]);
  });

  it('refuses an unknown column, naming it', async () => {
    const file = await exportFile({ format: 'csv', columns: ['email', 'password_hash', 'first_name'] });
    expect(file.status).toBe(400);
    expect((JSON.parse(file.text) as MessageBody).message).toBe('No such column: password_hash.');
    expect((await exportFile({ format: 'csv', columns: [] })).status).toBe(400);
    expect((await exportFile({ format: 'pdf', columns: ['email'] })).status).toBe(400);
  });

  it('is a download no cache keeps, named by the day, with the type of its format', async () => {
    const day = new Date(server.clock.now()).toISOString().slice(0, 10);
    const types = {
      csv: 'text/csv; charset=utf-8',
      json: 'application/json; charset=utf-8',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
    for (const [format, type] of Object.entries(types)) {
      const file = await exportFile({ format, columns: ['email'] });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(type);
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="applications-${day}.${format}"`);
      expect(file.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('spreadsheet safety', () => {
  it('writes a CSV cell that would run a formula behind an apostrophe', async () => {
    const { file, rows } = await csvRows({ columns: ['email', 'first_name', 'last_name'], filters: { q: 'ann@' } });
    expect(formulaPieces(file.text)).toEqual([]);
    expect(rows[1]).toEqual(['ann@example.org', SAFE_NAME.first_name, SAFE_NAME.last_name]);
  });

  it('writes every xlsx cell as text, never a formula, with the same apostrophe', async () => {
    const [header, ann] = await xlsxCells({ columns: ['email', 'first_name', 'last_name', 'status'], filters: { q: 'ann@' } });
    expect(header!.map((cell) => cell.text)).toEqual(['email', 'first_name', 'last_name', 'status']);
    expect(ann!.map((cell) => cell.value)).toEqual(['ann@example.org', SAFE_NAME.first_name, SAFE_NAME.last_name, 'submitted']);
    for (const cell of ann!) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    }
  });
});

/** Thao's SSN as a JSON export, asked for in full unless told otherwise. */
const ssnOf = (caller = callers.admin, includeSensitive = true) =>
  exportFile({ format: 'json', columns: ['email', 'ssn'], filters: { q: 'thao' }, include_sensitive: includeSensitive }, caller);

describe('sensitive answers', () => {
  it('are masked by default in every format: the SSN is nowhere in the file', async () => {
    const body = { columns: ['email', 'ssn', 'first_name'], filters: { q: 'thao' } };
    const json = await exportFile({ format: 'json', ...body });
    const csv = await exportFile({ format: 'csv', ...body });
    for (const file of [json, csv]) {
      expect(file.status).toBe(200);
      expect(file.text).toContain(MASKED_SSN);
      expect(file.text).not.toContain(SSN);
      expect(file.text).not.toContain(SSN.replace(/-/g, ''));
    }
    const [, thao] = await xlsxCells(body);
    expect(thao!.map((cell) => cell.value)).toEqual(['thao@example.org', MASKED_SSN, 'Thảo']);
  });

  it('in full need the second factor confirmed again within 5 minutes, in this session', async () => {
    // Signed in with both factors, but not confirmed again since.
    const fresh = await signInStaff(server, admin);
    const refused = await ssnOf(fresh);
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.text) as MessageBody).message).toMatch(/confirm your second factor again/);
    expect(refused.text).not.toContain(SSN);

    expect((await reauth(fresh)).status).toBe(200);
    expect(JSON.parse((await ssnOf(fresh)).text)).toEqual([{ email: 'thao@example.org', ssn: SSN }]);
    const [, thao] = await xlsxCells({ columns: ['ssn'], filters: { q: 'thao' }, include_sensitive: true });
    expect(thao!.map((cell) => cell.value)).toEqual([SSN]);

    // Without asking for them, they stay masked after a confirmation too.
    expect(JSON.parse((await ssnOf(callers.admin, false)).text)).toEqual([{ email: 'thao@example.org', ssn: MASKED_SSN }]);

    server.clock.advance(5 * 60_000 - TOTP_STEP_MS);
    expect((await ssnOf(fresh)).status).toBe(200);
    server.clock.advance(TOTP_STEP_MS + 1000);
    expect((await ssnOf(fresh)).status).toBe(403);
  });

  it('accept a code once: a replayed code or a used recovery code confirms nothing', async () => {
    const caller = await signInStaff(server, admin);
    server.clock.advance(TOTP_STEP_MS);
    const code = totpCode(admin.setupKey, server.clock.now());
    expect((await caller.post('/api/staff/reauth', { code })).status).toBe(200);
    const replayed = await caller.post<MessageBody>('/api/staff/reauth', { code });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toMatch(/not correct or was already used/);

    const other = await signInStaff(server, admin);
    expect((await other.post('/api/staff/reauth', { code: admin.recoveryCodes[0] })).status).toBe(200);
    expect((await ssnOf(other)).status).toBe(200);
    expect((await other.post('/api/staff/reauth', { code: admin.recoveryCodes[0] })).status).toBe(400);
    expect((await other.post('/api/staff/reauth', { code: '000000' })).status).toBe(400);
  });
});

describe('the access log', () => {
  it('holds every export with how many applications, the filter, the format and the columns, marking sensitive answers in full', async () => {
    const before = queryAccessLog(server.db, { kind: 'export' }).length;
    await exportFile({ format: 'xlsx', columns: ['email', 'status'], filters: { status: 'submitted', sort: 'email', order: 'asc' } });
    await exportFile({ format: 'csv', columns: ['email', 'alien_registration_number'], filters: { q: 'nguyen' } });
    expect((await reauth()).status).toBe(200);
    expect((await ssnOf()).status).toBe(200);
    // A refused export reads nothing and is not an access.
    expect((await exportFile({ format: 'csv', columns: ['nope'] })).status).toBe(400);

    const entries = queryAccessLog(server.db, { kind: 'export' });
    expect(entries).toHaveLength(before + 3);
    const [sensitive, masked, plain] = entries;
    expect(plain).toMatchObject({
      staff_email: 'admin@college.example',
      item_count: 2,
      detail: 'xlsx; columns: email, status; no sensitive answers',
    });
    expect(plain!.client).toMatch(/127\.0\.0\.1$/);
    expect(JSON.parse(plain!.filter!)).toEqual({
      status: 'submitted',
      submitted_from: null,
      submitted_to: null,
      q: null,
      sort: 'email',
      order: 'asc',
    });
    expect(masked).toMatchObject({ item_count: 2, detail: 'csv; columns: email, alien_registration_number; sensitive answers masked' });
    expect(sensitive).toMatchObject({ item_count: 1, detail: 'json; columns: email, ssn; includes sensitive answers in full' });
    expect(JSON.parse(sensitive!.filter!)).toMatchObject({ q: 'thao' });
  });
});

describe('a long export', () => {
  const MANY = 20_000;

  it('streams while the server goes on saving and listing, and holds every row', async () => {
    // Applications stored straight into the database, as a busy cycle leaves them.
    const now = server.clock.now();
    const answers = JSON.stringify({ first_name: 'Bulk', last_name: 'Applicant' });
    server.db.transaction(() => {
      const user = server.db.prepare('INSERT INTO users (username, password_hash, confirmed_at, created_at) VALUES (?, ?, ?, ?)');
      const application = server.db.prepare(
        "INSERT INTO applications (user_id, answers, version, updated_at, search_name) VALUES (?, ?, 1, ?, 'bulk applicant')",
      );
      for (let index = 0; index < MANY; index++) {
        const id = Number(user.run(`bulk-${index}@example.org`, 'not a hash', now, now).lastInsertRowid);
        application.run(id, answers, now - index);
      }
    })();
    // The inserts held the event loop: let the server close the connections it kept alive meanwhile,
    // so the next request does not go out on one of them.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const cookie = [...callers.admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${callers.admin.baseUrl}/api/staff/exports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ format: 'json', columns: LIST_COLUMNS, filters: { q: 'bulk' } }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [(await reader.read()).value!];

    // The export is still being written: an applicant's save and a staff list are answered meanwhile.
    const applicant = await signUpAndLogIn(server, 'during.export@example.org');
    expect((await applicant.put('/api/answer', { first_name: 'During' })).status).toBe(200);
    expect((await callers.admin.get('/api/staff/applications?q=during')).status).toBe(200);

    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.length).toBeGreaterThan(1);
    const rows = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { email: string; last_change: string }[];
    expect(rows).toHaveLength(MANY);
    // The list's default order: the latest change first.
    expect(rows[0]!.email).toBe('bulk-0@example.org');
    expect(rows.at(-1)!.email).toBe(`bulk-${MANY - 1}@example.org`);
    expect(queryAccessLog(server.db, { kind: 'export', limit: 1 })[0]).toMatchObject({ item_count: MANY });
  }, 60_000);

  it('stops when the client leaves halfway through a workbook, and the server goes on', async () => {
    const cookie = [...callers.admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${callers.admin.baseUrl}/api/staff/exports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ format: 'xlsx', columns: LIST_COLUMNS, filters: { q: 'bulk' } }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();

    const applicant = await signUpAndLogIn(server, 'after.leaving@example.org');
    expect((await applicant.put('/api/answer', { first_name: 'After' })).status).toBe(200);
    expect(await jsonRows({ columns: ['email', 'first_name'], filters: { q: 'after.leaving' } })).toEqual([
      { email: 'after.leaving@example.org', first_name: 'After' },
    ]);
  }, 60_000);
});

// Last: it spends the admin account's guess budget.
describe('confirming the second factor again', () => {
  it('is throttled like a sign-in: within 10 wrong codes the guesses are refused with 429, and then the right one too', async () => {
    // Any earlier confirmation is stale by now.
    server.clock.advance(5 * 60_000 + 1000);
    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess++) statuses.push((await callers.admin.post('/api/staff/reauth', { code: '000000' })).status);
    // Wrong codes of earlier tests spent part of the same budget.
    const refusedAt = statuses.indexOf(429);
    expect(refusedAt).toBeGreaterThan(0);
    expect(statuses).toEqual([...Array<number>(refusedAt).fill(400), ...Array<number>(10 - refusedAt).fill(429)]);
    const right = await reauth();
    expect(right.status).toBe(429);
    // The refused code confirmed nothing.
    expect((await ssnOf()).status).toBe(403);
  });
});
