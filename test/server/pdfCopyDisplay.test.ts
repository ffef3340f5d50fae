import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../../db/users';
import { ADD_ANOTHER_GROUPS, slotTitle } from '../../src/catalogue/questions';
import { pdfCopyOf, uploadAndConvert } from './helpers/documents';
import { makePdf } from './helpers/files';
import { pdfText } from './helpers/pdfText';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

/*
 * What staff read in the PDF copy: the catalogue's label for every stored choice, whatever text is
 * stored beside it; one date format; each sibling and parent under its own heading, in the form's
 * order; ticked checkboxes under their question; bidirectional controls made visible.
 */

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function newApplicant() {
  const username = `copy.display.${++counter}@example.org`;
  return { username, client: await signUpAndLogIn(server, username) };
}

/**
 * Writes answers straight into the stored application, as rows saved before the server checked
 * them would be: the display must not trust them even when they are there.
 */
function storeDirectly(username: string, answers: Record<string, string>) {
  const userId = findUserByUsername(server.db, username)!.id;
  server.db
    .prepare('UPDATE applications SET answers = json_patch(answers, ?), version = version + 1 WHERE user_id = ?')
    .run(JSON.stringify(answers), userId);
}

async function copyText(client: TestClient): Promise<string> {
  return pdfText(await pdfCopyOf(server, client));
}

/** The lines of the copy, trimmed, without empty ones. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('the PDF copy as staff read it', () => {
  it('shows the catalogue label of each stored choice, never a contradicting `_desc` stored beside it', async () => {
    const { client, username } = await newApplicant();
    const saved = await client.put('/api/answer', {
      first_name: 'Desc',
      country: 'USA',
      applied_major: 'BIO',
      conviction: 'Y',
      conviction_comment: 'I was fined for fishing without a licence.',
    });
    expect(saved.status).toBe(200);
    storeDirectly(username, {
      country_desc: 'Approved by Dean',
      applied_major_desc: 'Biology (ADMITTED - Dean)',
      conviction_desc: 'No',
    });

    const text = await copyText(client);
    const lines = linesOf(text);
    expect(text).not.toContain('Approved by Dean');
    expect(text).not.toContain('ADMITTED');
    expect(lines[lines.indexOf('Country') + 1]).toBe('United States');
    expect(text).toContain('Biology');
    const conviction = lines.indexOf('Have you ever been convicted of a misdemeanor or a felony?');
    expect(conviction).toBeGreaterThan(-1);
    expect(lines[conviction + 1]).toBe('Yes');
    // The free-text companion is shown as typed, under its own question.
    expect(text).toContain('I was fined for fishing without a licence.');
  });

  it('titles each sibling, prints ticked races under "Race", dates in words and Parent 1 before Parent 2', async () => {
    const { client } = await newApplicant();
    for (const [button_id, num_components] of [['parents', 2]] as const) {
      expect((await client.put('/api/add-another', { button_id, num_components })).status).toBe(200);
    }
    const year = String(new Date(server.clock.now()).getUTCFullYear() + 1);
    const saved = await client.put('/api/answer', {
      first_name: 'Order',
      birth_date: '2008-05-17',
      race_asian: true,
      sibling_attend: 'Y',
      sibling_attending_name: 'Attending',
      sibling_attending_last_name: 'Elder',
      sibling_apply: 'Y',
      sibling_apply_name: 'Applying',
      sibling_apply_last_name: 'Twin',
      sibling_apply_year: year,
      parent_first_name: 'First',
      parent_communication_preference: 'TEXT',
      parent_2_first_name: 'Second',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const lines = linesOf(await copyText(client));
    // One date format everywhere (the staff view shows the same words).
    expect(lines[lines.indexOf('Date of birth') + 1]).toBe('May 17, 2008');
    expect(lines).not.toContain('2008-05-17');

    // A ticked race under its question.
    const race = lines.indexOf('Race');
    expect(race).toBeGreaterThan(-1);
    expect(lines[race + 1]).toBe('☑ Asian');

    // Each sibling has a heading of its own, right above their answers, whatever the groups' titles.
    const titleOf = (buttonId: string) =>
      slotTitle(
        ADD_ANOTHER_GROUPS.find((group) => group.buttonId === buttonId)!,
        0,
      );
    const attending = lines.indexOf('Attending');
    const applying = lines.indexOf('Applying');
    expect(lines.slice(attending - 2, attending + 1)).toEqual([titleOf('sibling_attending'), "Sibling's first name", 'Attending']);
    expect(lines.slice(applying - 2, applying + 1)).toEqual([titleOf('sibling_apply'), "Sibling's first name", 'Applying']);
    expect(applying).toBeGreaterThan(lines.indexOf('Elder'));
    expect(lines.indexOf('Is a brother or sister of yours also applying to this college?')).toBeGreaterThan(-1);

    // Parent 1's preference sits in Parent 1's block, before Parent 2.
    const parent1 = lines.indexOf('Parent 1/Guardian 1');
    const parent2 = lines.indexOf('Parent 2/Guardian 2');
    const preference = lines.indexOf('Text message');
    expect(parent1).toBeGreaterThan(-1);
    expect(lines.lastIndexOf('Parent 1/Guardian 1')).toBe(parent1);
    expect(preference).toBeGreaterThan(parent1);
    expect(preference).toBeLessThan(parent2);
    expect(lines.indexOf('Second')).toBeGreaterThan(parent2);
  });

  it('shows bidirectional controls in answers and file names stored before they were refused as visible code points', async () => {
    const { client, username } = await newApplicant();
    expect((await client.put('/api/answer', { first_name: 'Bidi', city: 'Springfield' })).status).toBe(200);
    storeDirectly(username, { city: 'Spring\u202Efield\u2066x\u2069' });
    await uploadAndConvert(server, client, { bytes: await makePdf(['Statement']), name: 'statement.pdf' });
    const userId = findUserByUsername(server.db, username)!.id;
    server.db.prepare('UPDATE documents SET file_name = ? WHERE user_id = ?').run('cv\u202Efdp.exe', userId);
    const text = await copyText(client);
    expect(text).toContain('Spring[U+202E]field[U+2066]x[U+2069]');
    expect(text).toContain('Document attached: cv[U+202E]fdp.exe');
    expect(text).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
  });
});
