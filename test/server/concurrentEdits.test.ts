import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer, type MessageBody } from './helpers/testServer';
import type { Profile } from '../../machines/api/responses';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

let counter = 0;
/** Two browser tabs of one applicant: two clients sharing the session cookie. */
async function twoTabs(): Promise<[TestClient, TestClient]> {
  const first = await signUpAndLogIn(server, `tabs.${++counter}@example.org`);
  const second = server.client();
  for (const [name, value] of first.cookies) second.cookies.set(name, value);
  return [first, second];
}
const versionOf = async (client: TestClient) => (await client.get<Profile>('/api/profile')).body.answer_version;

describe('two tabs of one applicant', () => {
  it('keeps both tabs’ different answers (a save merges)', async () => {
    const [tabA, tabB] = await twoTabs();
    const base = await versionOf(tabA);
    expect((await tabA.put('/api/answer', { first_name: 'Ada' }, { 'if-match': `"${base}"` })).status).toBe(200);
    expect((await tabB.put('/api/answer', { last_name: 'Lovelace' }, { 'if-match': `"${base}"` })).status).toBe(200);
    expect((await tabA.get<Profile>('/api/profile')).body.answer).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('refuses a stale write over an answer the other tab changed, and the refreshed tab saves', async () => {
    const [tabA, tabB] = await twoTabs();
    const base = await versionOf(tabA);
    const saved = await tabA.put('/api/answer', { city: 'Boston' }, { 'if-match': `"${base}"` });
    expect(saved.status).toBe(200);

    const stale = await tabB.put<MessageBody & { conflicts: string[] }>(
      '/api/answer',
      { city: 'Denver', middle_name: 'Q' },
      { 'if-match': `"${base}"` },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.conflicts).toEqual(['city']);
    // The keys are for the page; the message names the answer as the form does (issue 12).
    expect(stale.body.message).toContain('“City”');
    expect(stale.body.message).not.toContain('city');
    const afterRefusal = (await tabB.get<Profile>('/api/profile')).body;
    expect(afterRefusal.answer.city).toBe('Boston');
    expect(afterRefusal.answer.middle_name).toBeUndefined();

    // The tab reloads (new base) and saves again: nothing acknowledged was lost on the way.
    const retried = await tabB.put('/api/answer', { city: 'Denver', middle_name: 'Q' }, { 'if-match': `"${afterRefusal.answer_version}"` });
    expect(retried.status).toBe(200);
    expect((await tabA.get<Profile>('/api/profile')).body.answer).toMatchObject({ city: 'Denver', middle_name: 'Q' });
  });

  it('does not count re-sending the same value as a conflict', async () => {
    const [tabA, tabB] = await twoTabs();
    const base = await versionOf(tabA);
    await tabA.put('/api/answer', { zip: '02134' }, { 'if-match': `"${base}"` });
    expect((await tabB.put('/api/answer', { zip: '02134', city: 'Allston' }, { 'if-match': `"${base}"` })).status).toBe(200);
  });

  it('runs many saves from both tabs at once without losing an acknowledged answer', async () => {
    const [tabA, tabB] = await twoTabs();
    const keys = ['first_name', 'middle_name', 'last_name', 'preferred_name', 'prev_lname', 'city'];
    const acknowledged = new Map<string, string>();
    await Promise.all(
      keys.map(async (key, index) => {
        const tab = index % 2 === 0 ? tabA : tabB;
        const value = `${key}-${index}`;
        const response = await tab.put('/api/answer', { [key]: value });
        if (response.status === 200) acknowledged.set(key, value);
      }),
    );
    const answers = (await tabA.get<Profile>('/api/profile')).body.answer;
    console.log(`concurrent saves: ${keys.length} sent, ${acknowledged.size} acknowledged`);
    expect(acknowledged.size).toBe(keys.length);
    for (const [key, value] of acknowledged) expect(answers[key]).toBe(value);
  });

  it('answers a malformed If-Match with 400', async () => {
    const [tabA] = await twoTabs();
    expect((await tabA.put('/api/answer', { city: 'X' }, { 'if-match': 'yesterday' })).status).toBe(400);
  });

  it('checks a save in order, each refusal with its message: the body, the If-Match, then the answers', async () => {
    const [tabA] = await twoTabs();
    const ifMatch = 'If-Match must be the answers version, such as "12".';
    expect(await tabA.put<MessageBody>('/api/answer', 'nope', { 'if-match': 'yesterday' })).toMatchObject({
      status: 400,
      body: { message: 'The request body is not valid JSON.' },
    });
    expect(await tabA.put<MessageBody>('/api/answer', { nonsense: 'X' }, { 'if-match': 'yesterday' })).toMatchObject({
      status: 400,
      body: { message: ifMatch },
    });
    expect(await tabA.put<MessageBody>('/api/answer', { city: 'X', nonsense: 'X' })).toMatchObject({
      status: 400,
      body: { message: 'Unknown answer key: nonsense.', key: 'nonsense' },
    });
    expect((await tabA.get<Profile>('/api/profile')).body.answer.city).toBeUndefined();
  });
});
