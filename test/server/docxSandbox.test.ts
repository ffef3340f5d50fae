import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDocument } from '../../db/documents';
import { findUserByUsername } from '../../db/users';
import { readConversionConfig } from '../../server/documents/conversionConfig';
import { convertWithLibreOffice, findLibreOffice, findSandbox } from '../../server/documents/convert/libreOffice';
import { checkDocx } from '../../server/documents/convert/docxToPdf';
import { verifyDocxContents } from '../../server/documents/docxZip';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { DOC_KEY, uploadAndConvert } from './helpers/documents';
import { docxEntries, makePng, makeZip } from './helpers/files';
import {
  docxWithEncodedTargetMode,
  docxWithIncludePicture,
  docxWithSingleQuotedLink,
  docxWithSvgLinks,
  zipParts,
} from './helpers/hostileDocx';
import { needing } from './helpers/pdfText';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

/**
 * A .docx must not make the server fetch a URL or read one of its files: what would fetch is taken
 * out of the package before any converter sees it, and LibreOffice runs without network and sees
 * only its own folder, so a miss in the first cannot become a request or a read.
 */

let canary: Server;
let canaryRequests: string[] = [];
let canaryUrl: string;
let pictureDir: string;
let pictureUrl: string;

beforeAll(async () => {
  canary = createServer((request, response) => {
    canaryRequests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'image/png' }).end(makePng(40, 40));
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
  // A picture of the server's own, outside any converter's folder.
  pictureDir = mkdtempSync(join(tmpdir(), 'admissions-private-'));
  writeFileSync(join(pictureDir, 'private.png'), makePng(60, 60));
  pictureUrl = pathToFileURL(join(pictureDir, 'private.png')).href;
});
afterAll(async () => {
  await new Promise((resolve) => canary.close(resolve));
  rmSync(pictureDir, { recursive: true, force: true });
});

/** Image XObjects the PDF holds: a picture drawn from a link would be one. */
async function imageCount(pdf: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(pdf);
  return document.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')).length;
}

const hostileDocuments = () => [
  { name: 'single-quoted link to the network', bytes: docxWithSingleQuotedLink(`${canaryUrl}/single.png`) },
  { name: 'single-quoted link to a local file', bytes: docxWithSingleQuotedLink(pictureUrl) },
  { name: 'TargetMode as a character reference', bytes: docxWithEncodedTargetMode(`${canaryUrl}/entity.png`) },
  { name: 'TargetMode as a character reference, local file', bytes: docxWithEncodedTargetMode(pictureUrl) },
  { name: 'INCLUDEPICTURE fields', bytes: docxWithIncludePicture(`${canaryUrl}/field.png`) },
  { name: 'INCLUDEPICTURE fields, local file', bytes: docxWithIncludePicture(pictureUrl) },
];

describe('what a docx could fetch is taken out before any converter sees it', () => {
  it('removes external relationships however they are spelled, fetching fields and SVG links', async () => {
    for (const { name, bytes } of hostileDocuments()) {
      const { sanitised } = await verifyDocxContents(bytes);
      const text = (await zipParts(sanitised)).join('\n');
      expect(text, name).not.toMatch(/External/i);
      expect(text, name).not.toContain('127.0.0.1');
      expect(text, name).not.toContain('file://');
      expect(text, name).not.toContain('INCLUDEPICTURE');
    }
    const svg = (await zipParts((await verifyDocxContents(docxWithSvgLinks([`${canaryUrl}/svg.png`, pictureUrl]))).sanitised)).join('\n');
    expect(svg).toContain('<rect');
    expect(svg).not.toContain('127.0.0.1');
    expect(svg).not.toContain('file://');
  });

  it('refuses a part that declares entities (no Word document does)', async () => {
    const withEntities = makeZip(
      docxEntries(['Entities']).map((entry) =>
        entry.name === 'word/document.xml'
          ? { ...entry, data: Buffer.from(entry.data.toString().replace('?>', '?><!DOCTYPE w:document [<!ENTITY x "External">]>')) }
          : entry,
      ),
    );
    await expect(checkDocx(withEntities)).rejects.toMatchObject({ userMessage: DOCUMENT_MESSAGES.docxUnreadable });
  });
});

const withOffice = needing('LibreOffice converts hostile documents without a request to the canary or a local picture in the PDF', {
  libreoffice: true,
});
describe('LibreOffice never fetches nor reads outside its folder', () => {
  let server: TestServer;
  beforeAll(async () => {
    if (withOffice[1]) return;
    server = await startTestServer({ DOCX_CONVERTER: 'libreoffice', PATH: process.env.PATH ?? '', JOB_CONCURRENCY: '2' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.skipIf(withOffice[1])(
    withOffice[0],
    async () => {
      canaryRequests = [];
      const documents = [
        ...hostileDocuments(),
        { name: 'SVG picture linking the network and a local file', bytes: docxWithSvgLinks([`${canaryUrl}/svg.png`, pictureUrl]) },
      ];
      const baseline = { plain: 0, svg: 0 };
      let counter = 0;
      const convert = async (bytes: Buffer) => {
        const username = `sandbox.${++counter}@example.org`;
        const client = await signUpAndLogIn(server, username);
        const { final } = await uploadAndConvert(server, client, { bytes, name: 'essay.docx' });
        const row = findDocument(server.db, findUserByUsername(server.db, username)!.id, DOC_KEY);
        return { final, pdf: row?.converted_key ? await server.store.get(row.converted_key) : undefined };
      };
      // The same SVG without links, for how many pictures LibreOffice makes of the SVG itself.
      const svgAlone = await convert(docxWithSvgLinks([]));
      baseline.svg = await imageCount(svgAlone.pdf!);
      const results = await Promise.all(documents.map(async (document) => ({ ...document, ...(await convert(document.bytes)) })));
      for (const { name, final, pdf } of results) {
        expect(final.status, name).toBe('completed');
        expect(await imageCount(pdf!), name).toBe(name.startsWith('SVG') ? baseline.svg : baseline.plain);
      }
      expect(canaryRequests).toEqual([]);
    },
    180_000,
  );
});

const sandboxOnly = needing('the sandbox alone keeps LibreOffice from the network and the server’s files', { libreoffice: true });
const office = findLibreOffice(process.env.PATH);
// Only bubblewrap hides the server's files (unshare takes away the network only); CI installs it.
const withBwrap: [string, boolean] =
  sandboxOnly[1] || (office && findSandbox(process.env.PATH, office)?.kind === 'bwrap')
    ? sandboxOnly
    : [`${sandboxOnly[0]} — skipped: bubblewrap (bwrap on PATH) not installed or not allowed to create namespaces`, true];
describe('the sandbox', () => {
  it.skipIf(withBwrap[1])(
    withBwrap[0],
    async () => {
      canaryRequests = [];
      const binary = findLibreOffice(process.env.PATH)!;
      const sandbox = findSandbox(process.env.PATH, binary);
      expect(sandbox?.kind).toBe('bwrap');
      // Unsanitised: only the sandbox stands between these links and the network or the disk.
      const network = await convertWithLibreOffice(binary, sandbox!, docxWithSingleQuotedLink(`${canaryUrl}/raw.png`), {
        timeoutMs: 60_000,
      });
      const disk = await convertWithLibreOffice(binary, sandbox!, docxWithSingleQuotedLink(pictureUrl), { timeoutMs: 60_000 });
      expect(await imageCount(network)).toBe(0);
      expect(await imageCount(disk)).toBe(0);
      expect(canaryRequests).toEqual([]);
    },
    120_000,
  );

  it('LibreOffice is not used where no sandbox works: auto takes the JavaScript route, libreoffice refuses to start', () => {
    const soffice = findLibreOffice(process.env.PATH);
    const onlyOffice = mkdtempSync(join(tmpdir(), 'admissions-path-'));
    try {
      // A PATH with LibreOffice (real or not: it is never run) and neither bwrap nor unshare.
      const fake = join(onlyOffice, 'soffice');
      if (soffice) symlinkSync(soffice, fake);
      else writeFileSync(fake, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
      const base = { CONVERSION_TIMEOUT_MS: 60_000, JOB_CONCURRENCY: 2, PATH: onlyOffice };
      expect(readConversionConfig({ ...base, DOCX_CONVERTER: 'auto' })).toMatchObject({
        libreOffice: undefined,
        sandbox: undefined,
        unsandboxedLibreOffice: fake,
      });
      expect(() => readConversionConfig({ ...base, DOCX_CONVERTER: 'libreoffice' })).toThrow(/bwrap/);
    } finally {
      rmSync(onlyOffice, { recursive: true, force: true });
    }
  });
});
