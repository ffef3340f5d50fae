import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import demo from '../../src/college/demo-college.json';
import { startTestServer, type TestServer } from './helpers/testServer';

/*
 * Issue 13 §10: the theme of section 3 (colours × shades, input variants) is the college's to set.
 * The page is served already wearing it, so the first paint shows the college's colours.
 */
const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.stop())));

async function pageWith(theme: unknown): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'admissions-theme-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  const configFile = join(dir, 'college.json');
  writeFileSync(configFile, JSON.stringify(theme === undefined ? demo : { ...demo, theme }));
  const server = await startTestServer({ COLLEGE_CONFIG: configFile }, { distDir: dir });
  servers.push(server);
  return (await server.client().request('GET', '/about')).body as string;
}

describe("the college's theme", () => {
  it('is written into the page: the overridden shades and the input variant', async () => {
    const html = await pageWith({ inputVariant: 'underlined', colours: { primary: { main: '#5b2a86' } } });
    expect(html).toMatch(/<html(?=[^>]*\slang="en")(?=[^>]*\sdata-input-variant="underlined")[^>]*>/);
    expect(html).toMatch(/<style id="college-theme">:root\{--color-primary-main:#5b2a86\}<\/style>\s*(<[^>]+>\s*)*<\/head>/);
  });

  it('leaves the page as built when the college keeps the defaults', async () => {
    const html = await pageWith(undefined);
    expect(html).toContain('<html lang="en">');
    expect(html).not.toContain('college-theme');
  });
});
