import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSubmittedAt } from '../../src/catalogue/submission';
import { completeApplication } from '../fixtures/completeApplication';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('the receipt of a submitted application', () => {
  it('is mailed on submission with the reference number and the time in UTC, and nothing the applicant answered', async () => {
    const username = 'receipt@example.org';
    const client = await signUpAndLogIn(server, username);
    expect((await client.put('/api/answer', { ...completeApplication, ssn: '123-45-6789' })).status).toBe(200);
    const before = server.lastMailTo(username)!;
    const submitted = await client.post<{ reference: string; submitted_at: number }>('/api/submit', {});
    expect(submitted.status).toBe(200);
    const { reference, submitted_at } = submitted.body;

    const receipt = server.lastMailTo(username)!;
    expect(receipt.id).not.toBe(before.id);
    expect(receipt.subject).toContain(reference);
    expect(receipt.text).toContain(`Reference number: ${reference}`);
    // The completion page's words: 'November 27, 2026 at 10:33 PM UTC'.
    expect(receipt.text).toContain(`Submitted on: ${formatSubmittedAt(submitted_at)}`);
    expect(formatSubmittedAt(submitted_at)).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M UTC$/);
    for (const answer of [completeApplication.first_name, completeApplication.last_name, '6789']) {
      expect(receipt.text).not.toContain(String(answer));
    }

    // Only one receipt: a second submit is refused and mails nothing.
    expect((await client.post('/api/submit', {})).status).toBe(409);
    expect(server.lastMailTo(username)!.id).toBe(receipt.id);
  });
});
