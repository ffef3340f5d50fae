import yauzl from 'yauzl';
import { docxEntries, makeZip, type ZipEntry } from './files';

/**
 * Word documents that ask a converter to fetch a URL or read a local file, spelled the ways a
 * pattern-matching check misses: single quotes, character references, fields, SVG pictures.
 */

const NAMESPACES =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

const IMAGE_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

const drawing = (relationshipId: string, linkAttribute: 'r:embed' | 'r:link' = 'r:embed') =>
  '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/>' +
  `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip ${linkAttribute}="${relationshipId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic>' +
  '</wp:inline></w:drawing></w:r></w:p>';

/** A docx whose body is `text` followed by `extraBody`, with these relationships and extra parts. */
function hostileDocx(text: string, extraBody: string, relationships: string, extraParts: ZipEntry[] = []): Buffer {
  return makeZip([
    ...docxEntries([text]).map((entry) => {
      if (entry.name === 'word/document.xml') {
        return {
          ...entry,
          data: Buffer.from(
            entry.data
              .toString()
              .replace(/<w:document [^>]*>/, `<w:document ${NAMESPACES}>`)
              .replace('</w:body>', `${extraBody}</w:body>`),
          ),
        };
      }
      if (entry.name === '[Content_Types].xml') {
        return {
          ...entry,
          data: Buffer.from(
            entry.data
              .toString()
              .replace(
                '<Default Extension="xml"',
                '<Default Extension="svg" ContentType="image/svg+xml"/><Default Extension="png" ContentType="image/png"/><Default Extension="xml"',
              ),
          ),
        };
      }
      return entry;
    }),
    {
      name: 'word/_rels/document.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
      ),
    },
    ...extraParts,
  ]);
}

/** A picture whose relationship is written with single quotes and points outside the package. */
export function docxWithSingleQuotedLink(target: string): Buffer {
  return hostileDocx(
    'Single quoted',
    drawing('rIdX', 'r:link'),
    `<Relationship Id='rIdX' Type='${IMAGE_TYPE}' Target='${target}' TargetMode='External'/>`,
  );
}

/** The same, with TargetMode spelled through a character reference. */
export function docxWithEncodedTargetMode(target: string): Buffer {
  return hostileDocx(
    'Entity encoded',
    drawing('rIdX', 'r:link'),
    `<Relationship Id="rIdX" Type="${IMAGE_TYPE}" Target="${target}" TargetMode="&#69;xternal"/>`,
  );
}

/** INCLUDEPICTURE as a complex field (its name split over two runs) and as a simple field. */
export function docxWithIncludePicture(target: string): Buffer {
  const complex =
    '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDE</w:instrText></w:r>' +
    `<w:r><w:instrText xml:space="preserve">PICTURE "${target}" \\d </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>` +
    '<w:r><w:t>picture</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
  const simple = `<w:p><w:fldSimple w:instr=' INCLUDEPICTURE "${target}" \\d '><w:r><w:t>simple</w:t></w:r></w:fldSimple></w:p>`;
  return hostileDocx('Field', complex + simple, '');
}

/** An SVG picture (stored inside the package) that draws pictures from elsewhere. */
export function docxWithSvgLinks(targets: readonly string[]): Buffer {
  const images = targets
    .map((target, index) => `<image x="0" y="${index * 50}" width="50" height="50" xlink:href="${target}" href="${target}"/>`)
    .join('');
  const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><rect width="10" height="10" fill="red"/>${images}</svg>`;
  return hostileDocx('Svg', drawing('rIdSvg'), `<Relationship Id="rIdSvg" Type="${IMAGE_TYPE}" Target="media/picture.svg"/>`, [
    { name: 'word/media/picture.svg', data: Buffer.from(svg) },
  ]);
}

/** The text of every part of a zip package. */
export async function zipParts(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const parts: string[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            parts.push(Buffer.concat(chunks).toString('utf8'));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(parts));
      file.readEntry();
    });
  });
}
