import Database from 'better-sqlite3';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAccessLog } from '../../db/accessLog';
import { MIGRATIONS } from '../../db/migrations';
import { searchNameOf } from '../../db/searchText';
import { applicationReference } from '../../src/catalogue/reference';
import type { JobHooks } from '../../server/jobs/jobRunner';
import { sweep } from '../../server/maintenance/sweep';
import { completeApplication } from '../fixtures/completeApplication';
import { stringMatching } from '../fixtures/matchers';
import { uploadAndConvert } from './helpers/documents';
import { BROKEN_PDF, makePdf } from './helpers/files';
import { pdfText } from './helpers/pdfText';
import {
  TOTP_STEP_MS,
  acceptInvitation,
  invitationIdFromMail,
  signInStaff,
  signedInStaff,
  type SignedInStaff,
  type StaffMember,
} from './helpers/staff';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

interface ExportStatus {
  state: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  message?: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SEEDED = 50;
const ZIP = '/api/staff/exports/zip';

let server: TestServer;
let callers: SignedInStaff['callers'];
let otherAdmin: TestClient;
let adminMember: StaffMember;
/** The day the 50 seeded applications were submitted, and another day two more were. */
let seededDay: string;
let dvorak: { email: string; reference: string };
let brokenReference: string;

/** ZIP exports wait here until the test lets them run, so their first progress can be seen. */
let releaseZips: () => void = () => {};
let zipsHeld = Promise.resolve();
const jobHooks: JobHooks = {
  async beforeJob(job, signal) {
    if (job.kind !== 'build_zip') return;
    await Promise.race([zipsHeld, new Promise((resolve) => signal.addEventListener('abort', resolve))]);
  },
};
function holdZips(): void {
  zipsHeld = new Promise((resolve) => (releaseZips = resolve));
}

/**
 * Applicants straight in the database, as many as the test needs at once (sign-up by mail takes a
 * second each): confirmed, their answers given, submitted at `submittedAt` or not submitted.
 */
function seedApplicants(names: readonly { first: string; last: string }[], submittedAt: number | null): number[] {
  const db = server.db;
  const user = db.prepare('INSERT INTO users (username, password_hash, confirmed_at, created_at) VALUES (?, ?, ?, ?)');
  const application = db.prepare(
    'INSERT INTO applications (user_id, answers, version, last_page, updated_at, submitted_at, search_name) VALUES (?, ?, 3, ?, ?, ?, ?)',
  );
  const now = server.clock.now();
  return db.transaction(() =>
    names.map(({ first, last }) => {
      const email = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]+/g, '') + '@example.org';
      const userId = Number(user.run(email, 'x', now, now).lastInsertRowid);
      const answers = { first_name: first, last_name: last, city: 'Springfield' };
      application.run(userId, JSON.stringify(answers), '/final-steps', now, submittedAt, searchNameOf(answers));
      return userId;
    }),
  )();
}

async function waitForExport(jobId: number, caller = callers.admin): Promise<{ final: ExportStatus; seen: ExportStatus[] }> {
  const seen: ExportStatus[] = [];
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { status, body } = await caller.get<ExportStatus>(`${ZIP}/${jobId}`);
    expect(status).toBe(200);
    seen.push(body);
    if (body.state === 'done' || body.state === 'failed' || Date.now() > deadline) return { final: body, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks for a ZIP, lets it be built and downloads it: the response and the files in it by name. */
async function exportZip(body: unknown, caller = callers.admin) {
  const asked = await caller.post<{ job_id: number; total: number }>(ZIP, body);
  expect(asked.status).toBe(202);
  const { final, seen } = await waitForExport(asked.body.job_id, caller);
  expect(final.state).toBe('done');
  const response = await download(asked.body.job_id, caller);
  expect(response.status).toBe(200);
  const files = await unzip(Buffer.from(await response.arrayBuffer()));
  return { ...asked.body, final, seen, response, files };
}

function download(jobId: number, caller = callers.admin): Promise<Response> {
  const cookie = [...caller.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return fetch(`${server.url}${ZIP}/${jobId}/download`, { headers: cookie ? { cookie } : {} });
}

/** Every file of a ZIP, read back with yauzl, by its name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(files));
      file.readEntry();
    });
  });
}

const exportLog = () => queryAccessLog(server.db, { kind: 'export', limit: 1 })[0];

beforeAll(async () => {
  server = await startTestServer({}, { jobHooks });
  // An applicant through the real calls: a sensitive answer, a converted document, submitted.
  dvorak = { email: 'dvorak@example.org', reference: '' };
  const client = await signUpAndLogIn(server, dvorak.email);
  expect(
    (await client.put('/api/answer', { ...completeApplication, first_name: 'Antonín', last_name: 'Dvořák', ssn: '123-45-6789' })).status,
  ).toBe(200);
  const converted = await uploadAndConvert(server, client, { bytes: await makePdf(['MARKER-STATEMENT-2207']), name: 'statement.pdf' });
  expect(converted.final.status).toBe('completed');
  const submitted = await client.post<{ reference: string }>('/api/submit', {});
  expect(submitted.status).toBe(200);
  dvorak.reference = submitted.body.reference;

  // Fifty submitted on one day, two on another, three started.
  const submittedAt = server.clock.now() - 2 * DAY_MS;
  seededDay = new Date(submittedAt).toISOString().slice(0, 10);
  seedApplicants(
    Array.from({ length: SEEDED }, (_, index) => ({ first: 'Thảo', last: `Zipman ${index}` })),
    submittedAt,
  );
  seedApplicants(
    [
      { first: 'Early', last: 'Bird' },
      { first: 'Earlier', last: 'Bird' },
    ],
    submittedAt - 10 * DAY_MS,
  );
  seedApplicants(
    [
      { first: 'Ñoño', last: 'Started' },
      { first: 'Second', last: 'Started' },
      { first: 'Third', last: 'Started' },
    ],
    null,
  );
  // One whose copy cannot be made: its converted document is no PDF.
  const brokenSubmittedAt = submittedAt - 20 * DAY_MS;
  const [brokenId] = seedApplicants([{ first: 'Copy', last: 'Broken' }], brokenSubmittedAt);
  brokenReference = applicationReference(brokenId!, brokenSubmittedAt);
  await server.store.put('converted/broken-test.pdf', BROKEN_PDF, 'application/pdf');
  server.db
    .prepare(
      `INSERT INTO documents (user_id, answer_key, generation, file_name, file_size, file_type, original_key, status, converted_key, created_at, updated_at)
       VALUES (?, 'personal_statement_doc', 1, 'broken.pdf', ?, 'pdf', NULL, 'completed', 'converted/broken-test.pdf', 0, 0)`,
    )
    .run(brokenId, BROKEN_PDF.length);

  // The deactivated account was an admin: its role is not what refuses it.
  const staff = await signedInStaff(server, { applicant: client, deactivatedRole: 'admin' });
  callers = staff.callers;
  adminMember = staff.members.admin;
  // A second admin, whose exports are not the first admin's.
  expect((await callers.admin.post('/api/staff/invitations', { email: 'other.admin@college.example', role: 'admin' })).status).toBe(201);
  server.clock.advance(TOTP_STEP_MS);
  otherAdmin = await signInStaff(server, await acceptInvitation(server, invitationIdFromMail(server, 'other.admin@college.example')));
}, 120_000);
afterAll(async () => {
  releaseZips();
  await server.stop();
});

describe('who may ask for, follow and download a ZIP export', () => {
  it('is for admins only: readers get 403; no session, an applicant session and a deactivated account get 401', async () => {
    const { job_id: jobId } = await exportZip({ filters: { q: dvorak.email } });
    const statuses: Record<string, number[]> = {};
    for (const [name, caller] of Object.entries(callers)) {
      const asked = await caller.post<{ job_id: number }>(ZIP, { filters: { q: dvorak.email } });
      statuses[name] = [asked.status, (await caller.get(`${ZIP}/${jobId}`)).status, (await download(jobId, caller)).status];
      if (asked.status === 202) await waitForExport(asked.body.job_id);
    }
    expect(statuses).toEqual({
      admin: [202, 200, 200],
      reader: [403, 403, 403],
      nobody: [401, 401, 401],
      applicant: [401, 401, 401],
      deactivated: [401, 401, 401],
    });
  }, 60_000);

  it('shows an export only to the admin who asked for it: another admin is told it does not exist', async () => {
    const { job_id: jobId } = await exportZip({ filters: { q: dvorak.email } });
    expect((await otherAdmin.get(`${ZIP}/${jobId}`)).status).toBe(404);
    expect((await download(jobId, otherAdmin)).status).toBe(404);
    expect((await callers.admin.get(`${ZIP}/999999`)).status).toBe(404);
  });

  it('lets an admin have two exports waiting or being made at once, not more', async () => {
    holdZips();
    const asked = [];
    for (let count = 0; count < 3; count++)
      asked.push(await callers.admin.post<{ job_id: number; message: string }>(ZIP, { filters: { q: dvorak.email } }));
    expect(asked.map((response) => response.status)).toEqual([202, 202, 429]);
    expect(asked[2]!.body.message).toBe('Two of your ZIP exports are still being made. Please wait until one is finished.');
    // Another admin's exports are counted apart.
    const other = await otherAdmin.post<{ job_id: number }>(ZIP, { filters: { q: dvorak.email } });
    expect(other.status).toBe(202);
    releaseZips();
    for (const response of [asked[0]!, asked[1]!]) expect((await waitForExport(response.body.job_id)).final.state).toBe('done');
    expect((await waitForExport(other.body.job_id, otherAdmin)).final.state).toBe('done');
    expect((await callers.admin.post(ZIP, { filters: { q: dvorak.email } })).status).toBe(202);
  }, 60_000);

  it('refuses filters the list refuses, with the list’s message', async () => {
    const refused = await callers.admin.post<{ message: string }>(ZIP, { filters: { status: 'accepted' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The status must be account_only, started, missing_information or submitted.');
    expect((await callers.admin.post(ZIP, { include_documents: 'yes' })).status).toBe(400);
  });
});

describe('the ZIP of the filtered applications', () => {
  it('holds the PDF copy of each of the 50 applications the filter finds, named by reference and name, and its progress goes from 0 to all', async () => {
    holdZips();
    const filters = { status: 'submitted', submitted_from: seededDay, submitted_to: seededDay };
    const asked = await callers.admin.post<{ job_id: number; total: number }>(ZIP, { filters });
    expect(asked.status).toBe(202);
    expect(asked.body.total).toBe(SEEDED);
    // Held before it starts: nothing written yet.
    const held = (await callers.admin.get<ExportStatus>(`${ZIP}/${asked.body.job_id}`)).body;
    expect(held).toEqual({ state: stringMatching(/^(queued|running)$/), done: 0, total: SEEDED });
    releaseZips();
    const { final, seen } = await waitForExport(asked.body.job_id);
    expect(final).toEqual({ state: 'done', done: SEEDED, total: SEEDED });
    const progress = seen.map((status) => status.done);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Rendering fifty copies takes seconds: the progress was seen on its way, not only at its ends.
    expect(progress.some((done) => done > 0 && done < SEEDED)).toBe(true);
    expect(seen.filter((status) => status.state === 'done').every((status) => status.done === SEEDED)).toBe(true);

    const response = await download(asked.body.job_id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}-\d+\.zip"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const pdfs = [...files.keys()].filter((name) => name.endsWith('.pdf'));
    expect([...files.keys()].sort()).toEqual(['README.txt', ...pdfs].sort());
    expect(pdfs).toHaveLength(SEEDED);
    const shownNames = new Set<string>();
    for (const name of pdfs) {
      const match = /^(ADM-\d{4}-\d{5}-\d)-zipman-(\d+)-thao\.pdf$/.exec(name);
      expect(match, name).not.toBeNull();
      const text = await pdfText(files.get(name)!);
      expect(text).toContain(`Applicant: Thảo Zipman ${match![2]}`);
      expect(text).toContain(`Reference number: ${match![1]}`);
      shownNames.add(match![2]!);
    }
    expect(shownNames.size).toBe(SEEDED);
    expect(files.get('README.txt')!.toString()).toContain('Applications: 50');

    // The download is in the access log: the admin, how many, the filter and that it is a ZIP.
    expect(exportLog()).toMatchObject({ staff_email: 'admin@college.example', item_count: SEEDED, detail: 'zip', client: '127.0.0.1' });
    expect(JSON.parse(exportLog()!.filter!)).toEqual({ status: 'submitted', submitted_from: seededDay, submitted_to: seededDay, q: null });
  }, 180_000);

  it('holds only what the filter finds: a search finds one applicant, a status only the applications not submitted, named so', async () => {
    const one = await exportZip({ filters: { q: 'zipman 7' } });
    expect(one.total).toBe(1);
    expect([...one.files.keys()].filter((name) => name.endsWith('.pdf'))).toEqual([stringMatching(/-zipman-7-thao\.pdf$/)]);

    const started = await exportZip({ filters: { status: 'started', sort: 'name', order: 'asc' } });
    expect(started.total).toBe(3);
    const names = [...started.files.keys()].filter((name) => name.endsWith('.pdf'));
    expect(names).toEqual([
      stringMatching(/^NOT-SUBMITTED-\d{5}-started-nono\.pdf$/),
      stringMatching(/^NOT-SUBMITTED-\d{5}-started-second\.pdf$/),
      stringMatching(/^NOT-SUBMITTED-\d{5}-started-third\.pdf$/),
    ]);
    expect(await pdfText(started.files.get(names[0]!)!)).toContain('Not submitted yet.');
    expect(started.files.get('README.txt')!.toString()).toContain('NOT-SUBMITTED');
    expect(JSON.parse(exportLog()!.filter!)).toEqual({ status: 'started', submitted_from: null, submitted_to: null, q: null });
  }, 60_000);

  it('adds each application’s converted documents when asked, with sensitive answers masked as staff see them', async () => {
    const without = await exportZip({ filters: { q: dvorak.email } });
    expect([...without.files.keys()]).toEqual(['README.txt', `${dvorak.reference}-dvorak-antonin.pdf`]);
    expect(exportLog()).toMatchObject({ item_count: 1, detail: 'zip' });

    const withDocuments = await exportZip({ filters: { q: dvorak.email }, include_documents: true });
    expect([...withDocuments.files.keys()]).toEqual([
      'README.txt',
      `${dvorak.reference}-dvorak-antonin.pdf`,
      `${dvorak.reference}-dvorak-antonin-personal-statement-doc.pdf`,
    ]);
    const copy = await pdfText(withDocuments.files.get(`${dvorak.reference}-dvorak-antonin.pdf`)!);
    expect(copy).toContain('Applicant: Antonín Jordan Dvořák');
    expect(copy).toContain('•••-••-6789');
    expect(copy).not.toContain('123-45');
    expect(await pdfText(withDocuments.files.get(`${dvorak.reference}-dvorak-antonin-personal-statement-doc.pdf`)!)).toContain(
      'MARKER-STATEMENT-2207',
    );
    expect(exportLog()).toMatchObject({ item_count: 1, detail: 'zip with documents' });
    expect(JSON.parse(exportLog()!.filter!)).toMatchObject({ q: dvorak.email });
  }, 60_000);

  it('lists what could not be included in the ZIP itself, and says so', async () => {
    const zip = await exportZip({ filters: { q: brokenReference }, include_documents: true });
    expect(zip.total).toBe(1);
    expect(zip.final.message).toMatch(/NOT-INCLUDED\.txt/);
    expect([...zip.files.keys()]).toEqual(['README.txt', `${brokenReference}-broken-copy-personal-statement-doc.pdf`, 'NOT-INCLUDED.txt']);
    expect(zip.files.get('NOT-INCLUDED.txt')!.toString()).toContain(`${brokenReference}-broken-copy: the PDF copy could not be made.`);
  }, 60_000);

  // Last: a day passes, which ends every staff session.
  it('is removed a day after it was made: its file, its status and its download', async () => {
    const zip = await exportZip({ filters: { q: dvorak.email } });
    const folder = join(server.dataDir, 'exports');
    expect(readdirSync(folder)).toContain(`zip-${zip.job_id}.zip`);
    server.clock.advance(23 * HOUR_MS);
    sweep(server.db, server.clock.now());
    expect(readdirSync(folder)).toContain(`zip-${zip.job_id}.zip`);
    server.clock.advance(2 * HOUR_MS);
    sweep(server.db, server.clock.now());
    expect(existsSync(join(folder, `zip-${zip.job_id}.zip`))).toBe(false);
    const admin = await signInStaff(server, adminMember);
    expect((await admin.get(`${ZIP}/${zip.job_id}`)).status).toBe(404);
    expect((await download(zip.job_id, admin)).status).toBe(404);
  }, 60_000);
});

describe('a ZIP export across a restart', () => {
  it('is built again from the start when the server stopped during it, and completes', async () => {
    // The sweep above ended the sessions; this session outlives the restart (it is in the database).
    const admin = await signInStaff(server, adminMember);
    holdZips();
    const filters = { status: 'submitted', submitted_from: seededDay, submitted_to: seededDay };
    const asked = await admin.post<{ job_id: number; total: number }>(ZIP, { filters });
    expect(asked.status).toBe(202);
    const jobId = asked.body.job_id;
    const jobState = () =>
      server.db.prepare('SELECT state, attempts FROM jobs WHERE id = ?').get(jobId) as { state: string; attempts: number };
    const deadline = Date.now() + 10_000;
    while (jobState().state !== 'running' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(jobState()).toEqual({ state: 'running', attempts: 1 });
    // What a stop in the middle of a build leaves: some progress recorded and a partial file.
    server.db.prepare('UPDATE zip_exports SET done = 17 WHERE job_id = ?').run(jobId);
    const partial = join(server.dataDir, 'exports', `zip-${jobId}.zip.part`);
    writeFileSync(partial, 'PK half a zip');
    await server.close();

    server = await startTestServer({}, { dataDir: server.dataDir, jobHooks });
    releaseZips();
    // The same staff cookie, at the new server's port.
    const sameAdmin = server.client();
    for (const [name, value] of admin.cookies) sameAdmin.cookies.set(name, value);
    const { final } = await waitForExport(jobId, sameAdmin);
    expect(final).toEqual({ state: 'done', done: SEEDED, total: SEEDED });
    expect(jobState()).toEqual({ state: 'done', attempts: 2 });
    expect(existsSync(partial)).toBe(false);
    const response = await download(jobId, sameAdmin);
    expect(response.status).toBe(200);
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...files.keys()].filter((name) => /-zipman-\d+-thao\.pdf$/.test(name))).toHaveLength(SEEDED);
  }, 120_000);
});

describe('the migration that adds ZIP exports', () => {
  it('keeps the jobs already queued and accepts the new kind', () => {
    const db = new Database(':memory:');
    db.function('search_name_of', (answers: unknown) => searchNameOf(JSON.parse(String(answers)) as Record<string, unknown>));
    const zipMigration = MIGRATIONS.findIndex((sql) => sql.includes('build_zip'));
    for (const sql of MIGRATIONS.slice(0, zipMigration)) db.exec(sql);
    db.prepare("INSERT INTO jobs (kind, payload, state, created_at) VALUES ('delete_objects', '{\"keys\":[\"a\"]}', 'queued', 1)").run();
    db.exec(MIGRATIONS[zipMigration]!);
    expect(db.prepare('SELECT kind, payload, state FROM jobs').all()).toEqual([
      { kind: 'delete_objects', payload: '{"keys":["a"]}', state: 'queued' },
    ]);
    expect(() => db.prepare("INSERT INTO jobs (kind, state, created_at) VALUES ('build_zip', 'queued', 2)").run()).not.toThrow();
    db.close();
  });
});
