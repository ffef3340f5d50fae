import { spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { listOutbox } from '../../db/outbox';
import { buildServer, serverBuildIsStale, SERVER_BUILD_RECORD_FILE } from '../../scripts/serverBuild.mjs';
import { onServer, uploadAndConvert, waitFor, type PdfCopyBody } from './helpers/documents';
import { frontendBuilt } from './helpers/frontendBuilt';
import { makePng } from './helpers/files';
import { pdfText } from './helpers/pdfText';
import { signUpAndLogIn, TestClient, type TestServer } from './helpers/testServer';

const root = resolve(import.meta.dirname, '../..');

/**
 * A folder holding only what production needs: a fresh server build, the built front end, and a
 * node_modules with every installed package except tsx. Code that still needed the TypeScript
 * sources, or a loader in the server or in its worker threads, fails there.
 */
async function appWithoutTsx(): Promise<string> {
  const app = mkdtempSync(join(tmpdir(), 'admissions-built-'));
  mkdirSync(join(app, 'node_modules'));
  const installed = realpathSync(join(root, 'node_modules'));
  for (const name of readdirSync(installed)) {
    if (name === 'tsx' || name.startsWith('.')) continue;
    symlinkSync(join(installed, name), join(app, 'node_modules', name));
  }
  symlinkSync(join(root, 'dist'), join(app, 'dist'));
  await buildServer(root, join(app, 'build/server'));
  return app;
}

/** Starts `node build/server/main.js` (no flags) and resolves with its URL once it listens. */
async function startBuilt(app: string, dataDir: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const { NODE_OPTIONS: _inherited, ...env } = process.env;
  const child = spawn(process.execPath, [join(app, 'build/server/main.js')], {
    cwd: app,
    env: { ...env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"event":"listening","url":"([^"]+)"/.exec(output);
      if (match) resolveUrl(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the built server exited with ${code}:\n${output}`)));
  });
  return { url, child, output: () => output };
}

describe('the server build (what `npm start` runs)', () => {
  let app: string;
  let server: Awaited<ReturnType<typeof startBuilt>>;
  let dataDir: string;

  // The front end is built first, outside the server's own time: on a fresh checkout of a busy
  // machine its build (with the precompression) alone can take minutes.
  beforeAll(frontendBuilt, 600_000);
  beforeAll(async () => {
    app = await appWithoutTsx();
    dataDir = mkdtempSync(join(tmpdir(), 'admissions-built-data-'));
    const startedAt = performance.now();
    server = await startBuilt(app, dataDir);
    console.log(`built server: listening ${Math.round(performance.now() - startedAt)} ms after \`node build/server/main.js\``);
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolveExit) => server.child.once('exit', resolveExit));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(app, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs with plain node, without tsx or the sources: pages, API, a conversion in a worker thread and the PDF copy', async () => {
    const html = await (await fetch(server.url + '/about')).text();
    // With its first screen rendered by the build's server entry (dist/.server), under plain node too.
    expect(html).toContain('<div id="root" data-first-screen=');
    expect(html).toMatch(/<h1\b[^>]*>About You<\/h1>/);
    // The demo college (a JSON file read next to the code) is served.
    const college = (await (await fetch(server.url + '/public/college')).json()) as { name?: unknown };
    expect(typeof college.name).toBe('string');
    // The demo schools (CSV files read next to the code) were loaded into the new database.
    expect(server.output()).toContain('"event":"demo_schools_loaded"');

    // The helpers need the URL, a client and the outbox, which the test reads from the server's database.
    const db = openDatabase(join(dataDir, 'admissions.sqlite'));
    const applicant = {
      url: server.url,
      client: () => new TestClient(server.url),
      lastMailTo: (address: string) => listOutbox(db, { to: address, limit: 1 })[0],
    } as unknown as TestServer;
    try {
      const client = await signUpAndLogIn(applicant, 'built.server@example.org');
      expect((await client.put('/api/answer', { first_name: 'Antonín', last_name: 'Dvořák' })).status).toBe(200);

      const convertingFrom = performance.now();
      const { final } = await uploadAndConvert(applicant, client, { bytes: makePng(40, 30), name: 'photo.png', type: 'image/png' });
      console.log(`built server: first image conversion (a worker thread) done in ${Math.round(performance.now() - convertingFrom)} ms`);
      expect(final.status).toBe('completed');

      // The copy is drawn by pdfkit with the DejaVu fonts, found from the build's location.
      const copy = await waitFor(
        async () => (await client.get<PdfCopyBody>('/api/pdf')).body,
        (body) => body.status === 'completed' || body.status === 'failed',
      );
      expect(copy.status).toBe('completed');
      const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const download = await fetch(onServer(applicant, copy.url), { headers: { cookie } });
      expect(download.status).toBe(200);
      const text = await pdfText(Buffer.from(await download.arrayBuffer()));
      expect(text).toContain('Dvořák');
      expect(text).toContain('Document attached: photo.png');
    } finally {
      db.close();
    }
    expect(server.output()).not.toMatch(/"level":"error"/);
  }, 120_000);

  it('is rebuilt when missing, when a file it was made from changed or is gone, and not otherwise', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'admissions-build-')), 'server');
    expect(serverBuildIsStale(root, out)).toBe(true);
    await buildServer(root, out);
    expect(serverBuildIsStale(root, out)).toBe(false);

    // Every file the bundles were made from is recorded, the data files read next to the code included.
    const record = JSON.parse(readFileSync(join(out, SERVER_BUILD_RECORD_FILE), 'utf8')) as { inputs: string[]; outputs: string[] };
    const inputs = record.inputs;
    for (const file of [
      'server/main.ts',
      'server/jobs/worker.ts',
      'db/migrations.ts',
      'src/catalogue/messages.ts',
      'src/college/demo-college.json',
      'server/lookup/demo-high-schools.csv',
      'package.json',
    ]) {
      expect(inputs).toContain(file);
    }

    // A source newer than the build: the stamp is put back before that source's time.
    const stamp = join(out, SERVER_BUILD_RECORD_FILE);
    const sourceTime = statSync(join(root, 'server/jobs/worker.ts')).mtime;
    utimesSync(stamp, new Date(sourceTime.getTime() - 60_000), new Date(sourceTime.getTime() - 60_000));
    expect(serverBuildIsStale(root, out)).toBe(true);
    await buildServer(root, out);
    expect(serverBuildIsStale(root, out)).toBe(false);

    // A recorded source that no longer exists (moved or deleted).
    const now = statSync(stamp).mtime;
    writeFileSync(stamp, JSON.stringify({ ...record, inputs: [...inputs, 'server/gone.ts'] }));
    utimesSync(stamp, now, now);
    expect(serverBuildIsStale(root, out)).toBe(true);

    // A record that is not one (a torn write, another format): built again rather than a crash of npm start.
    writeFileSync(stamp, JSON.stringify({ outputs: 'main.js' }));
    utimesSync(stamp, now, now);
    expect(serverBuildIsStale(root, out)).toBe(true);
  }, 120_000);
});
