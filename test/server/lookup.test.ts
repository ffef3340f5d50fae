import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MAX_RESULTS } from '../../src/catalogue/limits';
import { QUESTION_BY_KEY } from '../../src/catalogue/questions';
import { startTestServer, type TestServer, type MessageBody } from './helpers/testServer';
import type { LookupSuggestion } from '../../machines/api/responses';
import { anyString, stringContaining } from '../fixtures/matchers';

const run = promisify(execFile);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** `npm run admin -- …` against the test server's DATA_DIR; resolves with the exit code and output. */
async function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** GET /lookup/find: suggestions for `text`, the detail of an `id`, or an error. */
const find = <T = LookupSuggestion[]>(query: Record<string, string>) =>
  server.client().get<T>(`/lookup/find?${new URLSearchParams(query)}`);

const SCHOOLS = `ceeb,name,address_line_1,city,state,zip,country
100001,Oakridge Academy,1 Oak Lane,Austin,Texas,78701,USA
100002,Oak Hill High School,2 Hill Road,Dallas,Texas,75201,USA
100003,Royal Oak Secondary,3 Crown Street,Royal Oak,Michigan,48067,USA
100004,Oak Park and River Forest High School,201 N Scoville Ave,Oak Park,Illinois,60302,USA
100005,Twin Oaks Preparatory,5 Twin Way,Miami,Florida,33101,USA
100006,Oakwood Collegiate,6 Wood Street,Toledo,Ohio,43604,USA
100007,White Oak Institute,7 White Road,Tulsa,Oklahoma,74103,USA
100008,"Oak Grove School, Upper Campus",8 Grove Street,Ojai,California,93023,USA
100009,Dvořák Gymnázium,9 Ulice Street,Chicago,Illinois,60601,USA
`;

describe('school lookup', () => {
  it('imports a college’s CSV, returns at most 5 matches with prefix matches first, and details fill the school fields', async () => {
    const file = join(server.dataDir, 'schools.csv');
    writeFileSync(file, SCHOOLS);
    const imported = await admin(['import-schools', file, '--category', 'hs_ceeb']);
    expect(imported).toMatchObject({ code: 0, stdout: stringContaining('Imported 9 school(s) into hs_ceeb') });

    const response = await find({ text: 'oak', category: 'hs_ceeb', max_results: String(LOOKUP_MAX_RESULTS) });
    expect(response.status).toBe(200);
    const results = response.body as { id: string; text: string; sub_text: string }[];
    expect(results).toHaveLength(5);
    for (const result of results) expect(Object.keys(result).sort()).toEqual(['id', 'sub_text', 'text']);
    // Names starting with what was typed come first; "Oak …" (a whole word) before "Oakridge…".
    const startsWith = results.map((result) => result.text.toLowerCase().startsWith('oak'));
    expect(startsWith).toEqual([...startsWith].sort((a, b) => Number(b) - Number(a)));
    expect(startsWith.slice(0, 5)).toEqual([true, true, true, true, true]);
    expect(results.slice(0, 3).map((result) => result.text)).toEqual(
      expect.arrayContaining(['Oak Hill High School', 'Oak Park and River Forest High School', 'Oak Grove School, Upper Campus']),
    );

    // Words anywhere in the name, diacritics optional, and the code itself.
    expect((await find({ text: 'river forest', category: 'hs_ceeb' })).body.map((result) => result.id)).toEqual(['100004']);
    expect((await find({ text: 'dvorak gymnaz', category: 'hs_ceeb' })).body[0]?.text).toBe('Dvořák Gymnázium');
    expect((await find({ text: '100003', category: 'hs_ceeb' })).body[0]?.id).toBe('100003');

    const detail = await find<Record<string, unknown>>({ id: '100004', category: 'hs_ceeb' });
    expect(detail).toMatchObject({
      status: 200,
      body: {
        ceeb: '100004',
        name: 'Oak Park and River Forest High School',
        address_line_1: '201 N Scoville Ave',
        city: 'Oak Park',
        state: 'Illinois',
        zip: '60302',
        country: 'USA',
      },
    });
    // Every field of the detail has an answer to fill, as the high-school question's lookup maps them.
    const fills = QUESTION_BY_KEY.get('hs_name')!.lookup!.fills;
    expect(Object.keys(detail.body).sort()).toEqual(Object.keys(fills).sort());
  });

  it('refuses a bad CSV with line numbers and keeps the previous list', async () => {
    const file = join(server.dataDir, 'bad.csv');
    writeFileSync(file, 'ceeb,name\n200001,Good School\n,Nameless Code\n200001,Duplicate\n');
    const refused = await admin(['import-schools', file, '--category', 'college_ceeb']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Line 3');
    expect(refused.stderr).toContain('Line 4: ceeb code 200001 was already given on line 2');
    // The demo list of colleges is still there.
    expect((await find({ text: 'northfield', category: 'college_ceeb' })).body[0]?.text).toBe('Northfield Community College (Demo)');
    expect((await admin(['import-schools', file, '--category', 'nonsense'])).code).toBe(1);
  });

  it('ships a demo list, clearly marked, for a fresh installation', async () => {
    const fresh = await startTestServer();
    try {
      const results = (await fresh.client().get<LookupSuggestion[]>('/lookup/find?text=lincoln&category=hs_ceeb&max_results=5')).body;
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) expect(result.text).toMatch(/\(Demo\)$/);
    } finally {
      await fresh.stop();
    }
  });
});

describe('address lookup', () => {
  it('suggests US cities and ZIP codes and fills city, state, zip and country', async () => {
    const byZip = (await find({ text: '62701', category: 'address', max_results: '5' })).body;
    expect(byZip[0]).toEqual({ id: '62701', text: 'Springfield, IL 62701', sub_text: 'Illinois, United States' });
    const byCity = (await find({ text: 'springfield', category: 'address', max_results: '5' })).body;
    expect(byCity).toHaveLength(5);
    for (const result of byCity) expect(result.text).toMatch(/^Springfield, [A-Z]{2} \d{5}$/);
    expect((await find({ id: '62701', category: 'address' })).body).toEqual({
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
      country: 'USA',
    });
  });
});

describe('lookup failures', () => {
  it('nothing found, or nothing searchable, is an empty list (never a server error)', async () => {
    for (const text of ['qqqqzzzz', '', '   ', '"*', 'NEAR(a b)', "o'brien AND", '%_\\', 'a'.repeat(100)]) {
      const response = await find({ text, category: 'hs_ceeb', max_results: '5' });
      expect(response.status, text).toBe(200);
      expect(Array.isArray(response.body), text).toBe(true);
    }
    expect((await find({ text: 'qqqqzzzz', category: 'address' })).body).toEqual([]);
  });

  it('bad input is a 400 with a message; an unknown id is a 404', async () => {
    const refusals: Record<string, string>[] = [
      { text: 'oak', category: 'planets' },
      { text: 'oak' },
      { category: 'hs_ceeb' },
      { text: 'oak', category: 'hs_ceeb', max_results: '6' },
      { text: 'oak', category: 'hs_ceeb', max_results: '0' },
      { text: 'oak', category: 'hs_ceeb', max_results: 'five' },
      { text: 'x'.repeat(101), category: 'hs_ceeb' },
      { id: '../../etc', category: 'hs_ceeb' },
      { id: '100004', category: 'nowhere' },
    ];
    for (const query of refusals) {
      const response = await find<MessageBody>(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.message, JSON.stringify(query)).toEqual(expect.any(String));
    }
    const repeated = await server.client().get('/lookup/find?text=a&text=b&category=hs_ceeb');
    expect(repeated.status).toBe(400);
    expect(await find({ id: '999999', category: 'hs_ceeb' })).toMatchObject({ status: 404, body: { message: anyString } });
  });

  it('each refusal says what is wrong, one message per rule', async () => {
    const refusals: [query: string, message: string][] = [
      // A missing, unknown or repeated category.
      ['text=oak', 'category must be one of hs_ceeb, college_ceeb, address.'],
      ['text=oak&category=planets', 'category must be one of hs_ceeb, college_ceeb, address.'],
      ['text=oak&category=hs_ceeb&category=address', 'category must be one of hs_ceeb, college_ceeb, address.'],
      ['id=100004&category=nowhere', 'category must be one of hs_ceeb, college_ceeb, address.'],
      // A missing or repeated text: a repeated parameter counts as not given.
      ['category=hs_ceeb', 'text is required.'],
      ['text=a&text=b&category=hs_ceeb', 'text is required.'],
      ['id=1&id=2&category=hs_ceeb', 'text is required.'],
      [`text=${'x'.repeat(101)}&category=hs_ceeb`, 'text must be at most 100 characters.'],
      ['text=oak&category=hs_ceeb&max_results=6', `max_results must be a whole number from 1 to ${LOOKUP_MAX_RESULTS}.`],
      ['text=oak&category=hs_ceeb&max_results=five', `max_results must be a whole number from 1 to ${LOOKUP_MAX_RESULTS}.`],
      ['text=oak&category=hs_ceeb&max_results=', `max_results must be a whole number from 1 to ${LOOKUP_MAX_RESULTS}.`],
      ['id=..%2F..%2Fetc&category=hs_ceeb', 'id is not a known entry.'],
      ['id=&category=hs_ceeb', 'id is not a known entry.'],
    ];
    for (const [query, message] of refusals) {
      expect(await server.client().get<MessageBody>(`/lookup/find?${query}`), query).toMatchObject({ status: 400, body: { message } });
    }
    expect(await find({ id: '999999', category: 'hs_ceeb' })).toMatchObject({
      status: 404,
      body: { message: 'Nothing was found for this id.' },
    });
    // With an id, the text and the number of results play no part.
    expect(await find({ id: '62701', category: 'address', text: 'x'.repeat(101), max_results: 'five' })).toMatchObject({
      status: 200,
      body: { zip: '62701' },
    });
  });
});
