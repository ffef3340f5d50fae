import { describe, expect, it } from 'vitest';
import { checkDocx } from '../../server/documents/convert/docxToPdf';
import { ZipRefused, readZipDirectory, verifyDocxContents } from '../../server/documents/docxZip';
import { inspectFileContent } from '../../server/documents/fileRules';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { DOCX_MAX_XML_BYTES } from '../../server/documents/contentLimits';
import { docxEntries, makeDocx, makeDocxBomb, makeDocxWithLongXml, makeZip } from './helpers/files';
import { stringMatching } from '../fixtures/matchers';
import { zipParts } from './helpers/hostileDocx';

describe('docx zip checks', () => {
  it('pass a real small docx and report its unpacked size', async () => {
    const docx = makeDocx(['Title', 'Body']);
    expect(await inspectFileContent(docx)).toEqual({ ok: true, type: 'docx' });
    const contents = await verifyDocxContents(docx);
    expect(contents.unpackedBytes).toBeGreaterThan(0);
    // Nothing to take out: the converters read the same text.
    expect((await verifyDocxContents(contents.sanitised)).unpackedBytes).toBeGreaterThan(0);
  });

  it('refuse a zip that declares more than 50 MB from its directory alone', async () => {
    await expect(readZipDirectory(makeDocxBomb(60))).rejects.toEqual(new ZipRefused('too-large'));
    expect(await inspectFileContent(makeDocxBomb(60))).toEqual({ ok: false, message: DOCUMENT_MESSAGES.docxTooLarge });
  });

  it('refuse a zip of more than 2,000 entries from its directory alone', async () => {
    const crowded = makeZip([
      ...docxEntries(['Crowded']),
      ...Array.from({ length: 2000 }, (_, index) => ({ name: `word/media/${index}.bin`, data: Buffer.from('x') })),
    ]);
    expect(await inspectFileContent(crowded)).toEqual({ ok: false, message: DOCUMENT_MESSAGES.docxTooLarge });
  });

  it('catch a zip that lies about its sizes when it is unpacked, before any converter opens it', async () => {
    const liar = makeDocxBomb(60, { lieAboutSize: true });
    // The directory looks harmless…
    expect((await readZipDirectory(liar)).declaredBytes).toBeLessThan(1024 * 1024);
    // …unpacking it is stopped at the limit (or at the first inconsistent entry).
    await expect(checkDocx(liar)).rejects.toMatchObject({ userMessage: stringMatching(/too large|could not be opened/) });
  });

  it('refuse a docx whose XML unpacks to more than 2 MB: from its directory when it arrives, and by counting when it is unpacked', async () => {
    expect(DOCX_MAX_XML_BYTES).toBe(2 * 1024 * 1024);
    // Issue 10: 150 KB on disk, 45 MB of XML, three worker crashes.
    const long = makeDocxWithLongXml(45);
    expect(long.length).toBeLessThan(200 * 1024);
    expect(await inspectFileContent(long)).toEqual({ ok: false, message: DOCUMENT_MESSAGES.docxXmlTooLarge });
    await expect(checkDocx(long)).rejects.toMatchObject({ userMessage: DOCUMENT_MESSAGES.docxXmlTooLarge });
    // A directory that understates the XML is caught while unpacking, before mammoth or LibreOffice parses it.
    const liar = makeZip(
      docxEntries(['x']).map((entry) =>
        entry.name === 'word/document.xml'
          ? { ...entry, data: Buffer.concat([entry.data, Buffer.alloc(3 * 1024 * 1024, 32)]), declaredSize: 1000 }
          : entry,
      ),
    );
    expect(await inspectFileContent(liar)).toEqual({ ok: true, type: 'docx' });
    await expect(checkDocx(liar)).rejects.toMatchObject({ userMessage: stringMatching(/too long or complex|could not be opened/) });
    // Just under the limit, a long but honest document passes.
    const longest = makeDocxWithLongXml(1.9);
    expect(await inspectFileContent(longest)).toEqual({ ok: true, type: 'docx' });
    expect((await checkDocx(longest)).length).toBeGreaterThan(0);
  });

  it('take out parts fetched from elsewhere before any converter sees them', async () => {
    const linked = makeZip([
      ...docxEntries(['Linked picture']),
      {
        name: 'word/_rels/document.xml.rels',
        data: Buffer.from(
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
            '<Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://169.254.169.254/latest" TargetMode="External"/>' +
            '<Relationship Id="rId6" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.org" TargetMode="External"/>' +
            '</Relationships>',
        ),
      },
    ]);
    const linkedParts = (await zipParts((await verifyDocxContents(linked)).sanitised)).join('\n');
    expect(linkedParts).not.toContain('169.254.169.254');
    expect(linkedParts).not.toContain('https://example.org');
    const onlyHyperlink = makeZip([
      ...docxEntries(['Link']),
      {
        name: 'word/_rels/document.xml.rels',
        data: Buffer.from(
          '<Relationships><Relationship Id="rId6" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.org" TargetMode="External"/></Relationships>',
        ),
      },
    ]);
    expect((await verifyDocxContents(onlyHyperlink)).unpackedBytes).toBeGreaterThan(0);
    const field = makeZip(
      docxEntries(['Field']).map((entry) =>
        entry.name === 'word/document.xml'
          ? {
              ...entry,
              data: Buffer.from(
                entry.data
                  .toString()
                  .replace(
                    '</w:body>',
                    '<w:p><w:r><w:instrText> INCLUDEPICTURE "http://10.0.0.1/x.png" \\d </w:instrText></w:r></w:p></w:body>',
                  ),
              ),
            }
          : entry,
      ),
    );
    const fieldParts = (await zipParts((await verifyDocxContents(field)).sanitised)).join('\n');
    expect(fieldParts).not.toContain('INCLUDEPICTURE');
    expect(fieldParts).toContain('Field');
  });

  it('refuse a zip without a Word document as the wrong type', async () => {
    const zip = makeZip([{ name: 'a.txt', data: Buffer.from('hello') }]);
    expect(await inspectFileContent(zip)).toEqual({ ok: false, message: DOCUMENT_MESSAGES.wrongType });
    await expect(verifyDocxContents(zip)).rejects.toEqual(new ZipRefused('not-docx'));
  });
});
