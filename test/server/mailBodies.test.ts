import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail, listOutbox, listPendingMail } from '../../db/outbox';
import { CONFIRMATION_CODE_TTL_MS, RESET_LINK_TTL_MS } from '../../server/accounts/sessionPolicy';
import { sweep } from '../../server/maintenance/sweep';
import { startFakeSmtp } from './helpers/fakeSmtp';
import { GOOD_PASSWORD, codeFromMail, resetLinkFromMail, signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';
import { stringMatching } from '../fixtures/matchers';

/**
 * Issue 10, item 4: the outbox must not keep live codes and reset links. With SMTP a body is
 * deleted once sent; without it (development) a body is deleted when its code or link expires.
 */
const run = promisify(execFile);
const MINUTE = 60_000;
const bodiesTo = (server: TestServer, to: string) => listOutbox(server.db, { to }).map((row) => row.text);

describe('outbox mode (no SMTP_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('keeps a confirmation code readable until it expires, then deletes the body but not the record', async () => {
    const username = 'outbox.code@example.org';
    await server.client().post('/public/signup', { username, password: GOOD_PASSWORD });
    const code = codeFromMail(server.lastMailTo(username)!.text);

    server.clock.advance(CONFIRMATION_CODE_TTL_MS - MINUTE);
    sweep(server.db, server.clock.now());
    expect(codeFromMail(server.lastMailTo(username)!.text)).toBe(code);

    server.clock.advance(2 * MINUTE);
    sweep(server.db, server.clock.now());
    const row = server.lastMailTo(username)!;
    expect(row.text).not.toContain(code);
    expect(row).toMatchObject({ to_address: username, subject: stringMatching(/confirmation code/) });
  });

  it('deletes a reset link’s body after its hour, while a younger confirmation code stays', async () => {
    const username = 'outbox.reset@example.org';
    await signUpAndLogIn(server, username);
    const other = 'outbox.waiting@example.org';
    await server.client().post('/public/forgot-password', { username });
    const link = resetLinkFromMail(server.lastMailTo(username)!.text);
    await server.client().post('/public/signup', { username: other, password: GOOD_PASSWORD });
    const code = codeFromMail(server.lastMailTo(other)!.text);

    server.clock.advance(RESET_LINK_TTL_MS + 1);
    sweep(server.db, server.clock.now());
    expect(bodiesTo(server, username).some((text) => text.includes(link.href))).toBe(false);
    expect(codeFromMail(server.lastMailTo(other)!.text)).toBe(code);
  });

  it('keeps the body of the note to an existing account (it holds no secret) until the record goes', async () => {
    const username = 'outbox.owner@example.org';
    await signUpAndLogIn(server, username);
    await server.client().post('/public/signup', { username, password: GOOD_PASSWORD });
    const note = server.lastMailTo(username)!;
    expect(note.subject).toMatch(/tried to create an account/);
    server.clock.advance(CONFIRMATION_CODE_TTL_MS + 1);
    sweep(server.db, server.clock.now());
    expect(server.lastMailTo(username)!.text).toBe(note.text);
  });

  it('`npm run mail` still shows an unexpired code', async () => {
    const username = 'outbox.cli@example.org';
    await server.client().post('/public/signup', { username, password: GOOD_PASSWORD });
    const code = codeFromMail(server.lastMailTo(username)!.text);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/mail.ts', '--to', username, '--json'], {
      env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test' },
    });
    const [newest] = JSON.parse(stdout) as { text: string }[];
    expect(codeFromMail(newest!.text)).toBe(code);
  });
});

describe('SMTP mode', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it('delivers the code and then deletes the body, keeping recipient, subject and time', async () => {
    const username = 'smtp.code@example.org';
    await server.client().post('/public/signup', { username, password: GOOD_PASSWORD });
    await server.mailer.deliverPending();
    const delivered = smtp.received.find((mail) => mail.to.some((line) => line.includes(username)));
    expect(delivered).toBeDefined();
    const code = codeFromMail(delivered!.data.replace(/\r\n/g, '\n'));

    const row = server.lastMailTo(username)!;
    expect(row).toMatchObject({ status: 'sent', to_address: username, subject: stringMatching(/confirmation code/) });
    expect(row.sent_at).toBeGreaterThan(0);
    expect(row.text).not.toContain(code);
  });

  it('stops retrying an undelivered mail once its code has expired, and empties it', () => {
    const now = server.clock.now();
    const id = enqueueMail(
      server.db,
      {
        to: 'smtp.late@example.org',
        subject: 'A code that never left',
        text: 'Your code:\n\n123456',
        status: 'pending',
        bodyExpiresAt: now - 1,
      },
      now - CONFIRMATION_CODE_TTL_MS,
    );
    sweep(server.db, now);
    const row = listOutbox(server.db, { to: 'smtp.late@example.org' })[0]!;
    expect(row).toMatchObject({ id, status: 'failed', text: '' });
    expect(listPendingMail(server.db, 100).some((pending) => pending.id === id)).toBe(false);
  });
});
