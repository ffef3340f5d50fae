import { DOMParser, XMLSerializer } from '@xmldom/xmldom';

/**
 * What a converter could fetch or read from elsewhere is taken out of a docx before any converter
 * sees it. Every XML part is read with a real XML parser (quotes, character references and
 * namespace prefixes are resolved as a converter would resolve them), and what is left is written
 * out again:
 * - relationships that point outside the package (TargetMode External, a URL or path as target, in
 *   any spelling) and those that pull in other documents (templates, sub-documents, alternative
 *   chunks) are removed, so linked pictures, OLE links and hyperlinks have nothing to follow;
 * - field instructions other than a few that only compute (page numbers, dates, references inside
 *   the document) are emptied, in simple and in complex fields, so INCLUDEPICTURE, INCLUDETEXT,
 *   LINK, DDE and HYPERLINK fields show their last result and fetch nothing;
 * - attributes holding a URL or a network path (VML's o:href, linked OLE objects) are removed;
 * - pictures drawn as SVG lose scripts, styles, embedded pictures and every reference that is not
 *   to the picture itself.
 * A part that is not well-formed XML, or that declares a DOCTYPE (entities), refuses the document.
 */

export class DocxUnsafe extends Error {}

/** Field instructions that only compute from the document itself. */
const COMPUTING_FIELDS = new Set([
  'PAGE',
  'NUMPAGES',
  'SECTIONPAGES',
  'SECTION',
  'DATE',
  'TIME',
  'CREATEDATE',
  'SAVEDATE',
  'PRINTDATE',
  'SEQ',
  'REF',
  'PAGEREF',
  'NOTEREF',
  'STYLEREF',
  'TOC',
  'SYMBOL',
  'EQ',
  'AUTHOR',
  'TITLE',
  'SUBJECT',
  'LISTNUM',
  'AUTONUM',
  'AUTONUMLGL',
  'AUTONUMOUT',
]);
/** Relationship types that bring in another document even from inside the package. */
const IMPORTING_RELATIONSHIP = /\/(aFChunk|attachedTemplate|subDocument|frame)$/i;
/** A URL (any scheme) or a network path: what a relationship target or attribute must not be. */
const LOCATION = /^\s*([a-z][a-z0-9+.-]*:|[\\/]{2})/i;
/** Attributes that name namespaces or extension kinds, not places to fetch. */
const NAMING_ATTRIBUTES = new Set(['uri', 'Type', 'Requires', 'Ignorable', 'ProcessContent', 'MustUnderstand']);
const XMLNS = 'http://www.w3.org/2000/xmlns/';
const SVG_DROPPED_ELEMENTS = new Set(['script', 'foreignObject', 'style', 'image', 'feImage', 'iframe', 'video', 'audio']);

const ELEMENT_NODE = 1;
const PROCESSING_INSTRUCTION_NODE = 7;

function parse(text: string): Document {
  let problem = false;
  const flag = () => {
    problem = true;
  };
  const document = new DOMParser({ errorHandler: { warning: () => undefined, error: flag, fatalError: flag } }).parseFromString(
    text,
    'text/xml',
  );
  if (problem || !document?.documentElement || document.doctype) throw new DocxUnsafe('XML part not well-formed');
  // Processing instructions (a stylesheet to fetch, say) are no part of a Word document's content.
  for (let child = document.firstChild; child;) {
    const next = child.nextSibling;
    if (child.nodeType === PROCESSING_INSTRUCTION_NODE) remove(child);
    child = next;
  }
  return document;
}

function* elements(root: Node): Generator<Element> {
  for (let child = root.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    yield child as Element;
    yield* elements(child);
  }
}

const attributeOf = (element: Element, localName: string): string | undefined => {
  for (let index = 0; index < element.attributes.length; index++) {
    const attribute = element.attributes.item(index)!;
    if (attribute.localName === localName) return attribute.value;
  }
  return undefined;
};

const remove = (node: Node) => node.parentNode?.removeChild(node);

function sanitiseRelationships(document: Document): void {
  for (const relationship of [...elements(document)].filter((element) => element.localName === 'Relationship')) {
    const mode = attributeOf(relationship, 'TargetMode')?.trim().toLowerCase();
    const target = attributeOf(relationship, 'Target') ?? '';
    const type = attributeOf(relationship, 'Type') ?? '';
    if ((mode !== undefined && mode !== 'internal') || LOCATION.test(target) || IMPORTING_RELATIONSHIP.test(type.trim())) {
      remove(relationship);
    }
  }
}

const fieldName = (instruction: string) => /^\s*\\?([A-Za-z]+)/.exec(instruction)?.[1]?.toUpperCase();
const computes = (instruction: string) => COMPUTING_FIELDS.has(fieldName(instruction) ?? '');

interface OpenField {
  texts: Element[];
  /** Another field inside the instruction: its result becomes part of the instruction, so it is not trusted. */
  nested: boolean;
  separated: boolean;
}

function settleField(field: OpenField): void {
  if (field.separated) return;
  field.separated = true;
  const instruction = field.texts.map((text) => text.textContent ?? '').join('');
  if (field.nested || !computes(instruction)) for (const text of field.texts) text.textContent = '';
}

const OFF = new Set(['0', 'false', 'off']);

/** Whether an element starts a new page: a page break, a paragraph set to start a page, a section break other than a continuous one. */
function startsPage(element: Element): boolean {
  switch (element.localName) {
    case 'br':
      return attributeOf(element, 'type') === 'page';
    case 'pageBreakBefore':
      return !OFF.has(attributeOf(element, 'val') ?? 'true');
    case 'sectPr':
      return (
        element.parentNode?.nodeType === ELEMENT_NODE &&
        (element.parentNode as Element).localName === 'pPr' &&
        ![...elements(element)].some((child) => child.localName === 'type' && attributeOf(child, 'val') === 'continuous')
      );
    default:
      return false;
  }
}

/** Sanitises a Word XML part; returns how many new pages it starts explicitly (the pages are at least one more). */
function sanitiseWordPart(document: Document): number {
  let pageStarts = 0;
  const open: OpenField[] = [];
  for (const element of [...elements(document)]) {
    const name = element.localName;
    if (startsPage(element)) pageStarts++;
    if (name === 'fldSimple') {
      const instruction = attributeOf(element, 'instr') ?? '';
      if (!computes(instruction)) {
        // The field's last result stays, as plain runs.
        while (element.firstChild) element.parentNode?.insertBefore(element.firstChild, element);
        remove(element);
      }
    } else if (name === 'fldChar') {
      const kind = attributeOf(element, 'fldCharType');
      if (kind === 'begin') {
        const outer = open.at(-1);
        if (outer && !outer.separated) outer.nested = true;
        open.push({ texts: [], nested: false, separated: false });
      } else if (kind === 'separate' && open.length > 0) {
        settleField(open.at(-1)!);
      } else if (kind === 'end' && open.length > 0) {
        settleField(open.pop()!);
      }
    } else if (name === 'instrText' || name === 'delInstrText') {
      const field = open.at(-1);
      if (field && !field.separated) field.texts.push(element);
      else element.textContent = '';
    } else if (name === 'OLEObject' && attributeOf(element, 'Type')?.trim().toLowerCase() === 'link') {
      remove(element);
    } else if (name === 'altChunk') {
      remove(element);
    }
    for (const attribute of [...Array.from({ length: element.attributes.length }, (_, index) => element.attributes.item(index)!)]) {
      if (attribute.namespaceURI === XMLNS || NAMING_ATTRIBUTES.has(attribute.localName ?? '')) continue;
      if (LOCATION.test(attribute.value)) element.removeAttributeNode(attribute);
    }
  }
  // A field left open at the end of the part is settled as well.
  for (const field of open) settleField(field);
  return pageStarts;
}

function sanitiseSvg(document: Document): void {
  for (const element of [...elements(document)]) {
    if (SVG_DROPPED_ELEMENTS.has(element.localName ?? '')) {
      remove(element);
      continue;
    }
    for (const attribute of [...Array.from({ length: element.attributes.length }, (_, index) => element.attributes.item(index)!)]) {
      if (attribute.namespaceURI === XMLNS) continue;
      const value = attribute.value;
      const isReference = attribute.localName === 'href' || attribute.localName === 'src';
      if (
        (isReference && !value.trim().startsWith('#')) ||
        /url\s*\(\s*['"]?\s*[^#'"\s]/i.test(value) ||
        /^on/i.test(attribute.localName ?? '')
      ) {
        element.removeAttributeNode(attribute);
      }
    }
  }
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

const isSvg = (name: string, bytes: Buffer) =>
  /\.svg$/i.test(name) || /^(\uFEFF)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(bytes.subarray(0, 512).toString('latin1'));

/**
 * The part as it may reach a converter: XML parts rewritten without what fetches, other parts as
 * they are; with the new pages a Word part starts explicitly (page and section breaks).
 */
export function sanitisePart(name: string, bytes: Buffer): { bytes: Buffer; pageStarts: number } {
  const svg = isSvg(name, bytes);
  if (!svg && !/\.(xml|rels|vml)$/i.test(name)) return { bytes, pageStarts: 0 };
  const document = parse(decode(bytes).replace(/^\s*<\?xml[^>]*\?>/, ''));
  let pageStarts = 0;
  if (svg) sanitiseSvg(document);
  else if (/\.rels$/i.test(name)) sanitiseRelationships(document);
  else pageStarts = sanitiseWordPart(document);
  return { bytes: Buffer.from(XML_DECLARATION + new XMLSerializer().serializeToString(document), 'utf8'), pageStarts };
}
