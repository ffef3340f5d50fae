import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, runMigrations } from '../../db/migrations';
import { QUESTIONS } from '../../src/catalogue/questions';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer, type MessageBody } from './helpers/testServer';

let server: TestServer;
let applicant: TestClient;
let userId: number;
beforeAll(async () => {
  server = await startTestServer();
  applicant = await signUpAndLogIn(server, 'reports@example.org');
  userId = (server.db.prepare('SELECT id FROM users WHERE username = ?').get('reports@example.org') as { id: number }).id;
});
afterAll(async () => {
  await server.stop();
});

const rowsOf = (id: number) =>
  (server.db.prepare('SELECT COUNT(*) AS n FROM validation_reports WHERE user_id = ?').get(id) as { n: number }).n;
/** The stored report, as the database holds it (nothing in the product reads it back). */
const storedReport = (id: number) =>
  server.db.prepare('SELECT errors FROM validation_reports WHERE user_id = ?').get(id) as { errors: string } | undefined;

describe('POST /api/validations keeps only the latest report', () => {
  it('1,000 reports from one session leave one row: the last one sent', async () => {
    for (let i = 0; i < 1000; i++) {
      const report = { last_name: ['Last name is required.'], city: [`City report ${i}`] };
      const response = await applicant.post('/api/validations', report);
      expect(response.status, `report ${i}`).toBe(200);
    }
    expect(rowsOf(userId)).toBe(1);
    expect(JSON.parse(storedReport(userId)!.errors)).toEqual({
      last_name: ['Last name is required.'],
      city: ['City report 999'],
    });
  });

  it('accepts a report naming every answer the application has, _desc companions included', async () => {
    const keys = QUESTIONS.flatMap((question) => (question.hasDesc ? [question.key, `${question.key}_desc`] : [question.key]));
    const report = Object.fromEntries(keys.map((key) => [key, [`${key} is required.`, 'Please choose an option.']]));
    expect((await applicant.post('/api/validations', report)).status).toBe(200);
    expect(Object.keys(JSON.parse(storedReport(userId)!.errors) as Record<string, unknown>)).toHaveLength(keys.length);
    expect(rowsOf(userId)).toBe(1);
  });
});

describe("the page's own reports", () => {
  it('are accepted whatever the answers: empty, or every answer set to the same wrong value', async () => {
    const { validateApplication } = await import('../../src/catalogue/schema/application');
    const { errorMap } = await import('../../machines/validationMachine');
    const probes: Record<string, unknown>[] = [{}];
    for (const value of ['x'.repeat(9000), '', 'Y', 'N', '1', '-1', '2999-01-01', '!!', 'x', true]) {
      probes.push(Object.fromEntries(QUESTIONS.map((question) => [question.key, value])));
    }
    let largest = 0;
    for (const answers of probes) {
      const report = errorMap(validateApplication(answers, { essayLimit: server.college.essayLimit, now: new Date() }));
      largest = Math.max(largest, JSON.stringify(report).length);
      const response = await applicant.post('/api/validations', report);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    console.log(`largest report the page produced: ${(largest / 1024).toFixed(1)} kB`);
  });
});

describe('POST /api/validations refuses what the application cannot have produced', () => {
  it('refuses an 80,000-key report (under 1 MB) with 413 before reading it', async () => {
    const before = storedReport(userId)!.errors;
    // Short keys and a wrong value: the report that stalled the event loop for 0.7 s.
    const raw = JSON.stringify(Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [i.toString(36), 0])));
    expect(raw.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const response = await applicant.request<MessageBody>('POST', '/api/validations', raw, { 'content-type': 'application/json' });
    console.log(
      `80,000-key report (${(raw.length / 1024).toFixed(0)} kB) answered ${response.status} in ${(performance.now() - started).toFixed(1)} ms`,
    );
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('The request is too large. The limit is 128 kB.');
    expect(storedReport(userId)!.errors).toBe(before);
  });

  it('refuses the same report sent without a length (chunked) with 413 once 128 kB have arrived', async () => {
    const raw = JSON.stringify(Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [i.toString(36), 0])));
    const body = new ReadableStream({
      start(controller) {
        for (let at = 0; at < raw.length; at += 16 * 1024) controller.enqueue(new TextEncoder().encode(raw.slice(at, at + 16 * 1024)));
        controller.close();
      },
    });
    const started = performance.now();
    const response = await fetch(`${server.url}/api/validations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${applicant.cookies.get('sid')}` },
      body,
      duplex: 'half',
    } as RequestInit);
    console.log(`chunked 80,000-key report answered ${response.status} in ${(performance.now() - started).toFixed(1)} ms`);
    expect(response.status).toBe(413);
  });

  it('refuses a report with more keys than the application has (under 128 kB) with 400, unread past the limit', async () => {
    const report = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [i.toString(36), 'x']));
    expect(JSON.stringify(report).length).toBeLessThan(128 * 1024);
    const started = performance.now();
    const response = await applicant.post<MessageBody>('/api/validations', report);
    console.log(`5,000-key report answered ${response.status} in ${(performance.now() - started).toFixed(1)} ms`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The validation report names more answers than the application has.');
  });

  it.each([
    ['an unknown key', { favourite_colour: ['Required.'] }, 'The validation report names an answer the application does not have.'],
    [
      'a message that is not text',
      { last_name: [42] },
      'Each answer of the validation report must map to at most 5 messages of at most 300 characters.',
    ],
    [
      'an over-long message',
      { last_name: ['x'.repeat(301)] },
      'Each answer of the validation report must map to at most 5 messages of at most 300 characters.',
    ],
    [
      'too many messages for one answer',
      { last_name: ['a', 'b', 'c', 'd', 'e', 'f'] },
      'Each answer of the validation report must map to at most 5 messages of at most 300 characters.',
    ],
    [
      'nested objects',
      { last_name: { nested: true } },
      'Each answer of the validation report must map to at most 5 messages of at most 300 characters.',
    ],
  ])('refuses %s with 400 and keeps the previous report', async (_what, report, message) => {
    const before = storedReport(userId)!.errors;
    const response = await applicant.post('/api/validations', report);
    expect(response).toMatchObject({ status: 400, body: { message } });
    expect(storedReport(userId)!.errors).toBe(before);
  });
});

describe('the migration to one report per applicant', () => {
  it("keeps each applicant's latest report of the rows earlier versions piled up", () => {
    const db = new Database(':memory:');
    const upgrade = MIGRATIONS.findIndex((sql) => sql.includes('CREATE UNIQUE INDEX validation_reports_user'));
    for (const sql of MIGRATIONS.slice(0, upgrade)) db.exec(sql);
    db.pragma(`user_version = ${upgrade}`);
    db.exec(
      `INSERT INTO users (id, username, password_hash, created_at) VALUES (1, 'a@example.org', 'x', 0), (2, 'b@example.org', 'x', 0)`,
    );
    const insert = db.prepare('INSERT INTO validation_reports (user_id, errors, created_at) VALUES (?, ?, ?)');
    for (const [user, errors, at] of [
      [1, '{"city":["first"]}', 1],
      [2, '{}', 2],
      [1, '{"city":["second"]}', 3],
      [1, '{"city":["third"]}', 4],
      [2, '{"zip":["last"]}', 5],
    ] as const) {
      insert.run(user, errors, at);
    }
    runMigrations(db);
    expect(db.prepare('SELECT user_id, errors, created_at FROM validation_reports ORDER BY user_id').all()).toEqual([
      { user_id: 1, errors: '{"city":["third"]}', created_at: 4 },
      { user_id: 2, errors: '{"zip":["last"]}', created_at: 5 },
    ]);
    expect(() => insert.run(1, '{}', 6)).toThrow(/UNIQUE/);
    db.close();
  });
});
