import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFPage,
  PDFPageLeaf,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import { stripJpegMetadata } from '../documents/convert/jpegMetadata';
import { exceedsImageLimits } from '../documents/imageHeader';
import { inlineImagesIn } from './inlineImages';
import {
  ACTION_TYPES,
  ANNOTATION_TYPES,
  DROPPED_KEYS,
  DROPPED_TYPES,
  HIDDEN,
  NO_VIEW,
  RESOURCE_KEYS,
  RESOURCE_NAME_MAPS,
} from './inertVocabulary';
import { PdfPictureTooLarge, declaredPicture, decodedContent, nameOf } from './pdfPictures';

/**
 * Pages of an untrusted PDF rebuilt in another document, carrying what they show and nothing a
 * viewer could run or open. A rebuilt page is a new dictionary holding only
 * its boxes, rotation, transparency group, resources and content; visible annotations (filled
 * fields, stamps, comments) are drawn into the content from their appearance, and the
 * annotations themselves are left behind. Nothing of the source's catalogue comes along: no
 * OpenAction, name trees (JavaScript, EmbeddedFiles), AcroForm/XFA, outlines or page actions.
 *
 * Whatever the kept objects refer to is copied through a filter, because a resource may point
 * anywhere (even back at the catalogue): action, script, file and tree keys are dropped from every
 * dictionary, and dictionaries that are themselves actions, annotations, file specifications,
 * embedded files, pages or catalogues become null. Keys of name maps (fonts, XObjects…) are the
 * PDF's own resource names and are kept, whatever they are called.
 */

/** How a dictionary's keys are read: ordinary keys, a resource dictionary, a name map, or a stream of drawing operators. */
type Role = 'object' | 'resources' | 'names' | 'glyphs' | 'content';

export interface InertCopyOptions {
  /**
   * A picture over the limits refuses the document (an upload), or is left out of the page
   * (default, the PDF copy). When refusing, pictures drawn inline in content streams are checked
   * too (uploads are rebuilt once; the PDF copy only appends documents already rebuilt).
   */
  pictureOverLimits?: 'refuse' | 'omit';
  /** Only this many pages from the start are rebuilt (default: all). */
  firstPages?: number;
}

class FilteringCopier {
  /** Indirect objects already copied, by source reference and role (the same object may be reached as two things). */
  private readonly copied = new Map<string, PDFObject>();

  constructor(
    private readonly source: PDFContext,
    private readonly target: PDFContext,
    private readonly options: InertCopyOptions = {},
  ) {}

  copy(object: PDFObject, role: Role = 'object'): PDFObject {
    if (object instanceof PDFRef) return this.copyReference(object, role);
    if (object instanceof PDFStream)
      return this.isDropped(object.dict) || this.isPictureOverLimits(object.dict) ? PDFNull : this.copyStream(object, role);
    if (object instanceof PDFDict) return this.isDropped(object) ? PDFNull : this.copyDict(object, role);
    if (object instanceof PDFArray) return this.copyArray(object);
    return object.clone(this.target);
  }

  private copyReference(ref: PDFRef, role: Role): PDFObject {
    const key = `${ref.tag}|${role}`;
    const known = this.copied.get(key);
    if (known) return known;
    const value = this.source.lookup(ref);
    if (
      value === undefined ||
      (value instanceof PDFDict && this.isDropped(value)) ||
      (value instanceof PDFStream && (this.isDropped(value.dict) || this.isPictureOverLimits(value.dict)))
    ) {
      this.copied.set(key, PDFNull);
      return PDFNull;
    }
    // Registered before its contents are copied, so cycles end here.
    const copiedRef = this.target.nextRef();
    this.copied.set(key, copiedRef);
    this.target.assign(copiedRef, this.copy(value, role));
    return copiedRef;
  }

  /** An image XObject declaring more than the picture limits: refused (throws) or left out, as the options say. */
  private isPictureOverLimits(dict: PDFDict): boolean {
    const picture = declaredPicture(this.source, dict);
    if (!picture || !exceedsImageLimits(picture)) return false;
    if (this.options.pictureOverLimits === 'refuse') throw new PdfPictureTooLarge(picture.width, picture.height);
    return true;
  }

  /** Pictures drawn inline in a content stream, checked against the same limits (uploads only: they throw). */
  private checkInlinePictures(stream: PDFStream, role: Role): void {
    if (this.options.pictureOverLimits !== 'refuse') return;
    const dict = stream.dict;
    const isContent =
      role === 'content' ||
      nameOf(dict.get(PDFName.of('Subtype'))) === 'Form' ||
      this.source.lookup(dict.get(PDFName.of('PatternType'))) === PDFNumber.of(1);
    if (!isContent) return;
    const content = decodedContent(this.source, stream);
    if (content === undefined) return;
    for (const picture of inlineImagesIn(content)) {
      if (exceedsImageLimits(picture)) throw new PdfPictureTooLarge(picture.width, picture.height);
    }
  }

  private isDropped(dict: PDFDict): boolean {
    const type = nameOf(dict.get(PDFName.of('Type')));
    const subtype = nameOf(dict.get(PDFName.of('Subtype')));
    const action = nameOf(dict.get(PDFName.of('S')));
    return (
      (type !== undefined && DROPPED_TYPES.has(type)) ||
      (subtype !== undefined && ANNOTATION_TYPES.has(subtype)) ||
      (action !== undefined && ACTION_TYPES.has(action))
    );
  }

  private copyEntries(from: PDFDict, to: PDFDict, role: Role): void {
    for (const [key, value] of from.entries()) {
      const name = key.decodeText();
      if (role === 'names' || role === 'glyphs') {
        to.set(key, this.copy(value, role === 'glyphs' ? 'content' : 'object'));
        continue;
      }
      if (DROPPED_KEYS.has(name)) continue;
      if (role === 'resources' && !RESOURCE_KEYS.has(name)) continue;
      const childRole: Role =
        name === 'Resources'
          ? 'resources'
          : name === 'CharProcs'
            ? 'glyphs'
            : role === 'resources' && RESOURCE_NAME_MAPS.has(name)
              ? 'names'
              : 'object';
      to.set(key, this.copy(value, childRole));
    }
  }

  private copyDict(dict: PDFDict, role: Role): PDFDict {
    const copy = PDFDict.withContext(this.target);
    this.copyEntries(dict, copy, role);
    return copy;
  }

  /**
   * The stream's bytes as they are (still encoded), under a filtered dictionary; the writer sets
   * /Length. A JPEG picture (DCTDecode alone) loses its metadata: camera, software, place.
   */
  private copyStream(stream: PDFStream, role: Role): PDFStream {
    this.checkInlinePictures(stream, role);
    const copy = PDFRawStream.of(PDFDict.withContext(this.target), this.contentsOf(stream));
    this.copyEntries(stream.dict, copy.dict, 'object');
    return copy;
  }

  private contentsOf(stream: PDFStream): Uint8Array {
    const contents = stream.getContents();
    const filter = this.source.lookup(stream.dict.get(PDFName.of('Filter')));
    const filters = filter instanceof PDFArray ? filter.asArray().map((item) => this.source.lookup(item)) : [filter];
    if (filters.length !== 1 || nameOf(filters[0]) !== 'DCTDecode') return contents;
    return stripJpegMetadata(Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength)) ?? new Uint8Array(0);
  }

  private copyArray(array: PDFArray): PDFArray {
    const copy = PDFArray.withContext(this.target);
    for (let index = 0; index < array.size(); index++) copy.push(this.copy(array.get(index)));
    return copy;
  }
}

const numbersOf = (context: PDFContext, value: PDFObject | undefined): number[] | undefined => {
  const array = value === undefined ? undefined : context.lookup(value);
  if (!(array instanceof PDFArray)) return undefined;
  const numbers = array.asArray().map((item) => context.lookup(item));
  return numbers.every((item) => item instanceof PDFNumber) ? numbers.map((item) => item.asNumber()) : undefined;
};

/** Up to six decimals, never exponent notation (content streams have no 1e-7). */
const formatNumber = (value: number) => (Number.isFinite(value) ? Number(value.toFixed(6)).toString() : '0');

interface Appearance {
  /** The appearance stream, as the source refers to it. */
  stream: PDFRef;
  /** Maps the appearance's bounding box onto the annotation's rectangle (PDF 32000, 12.5.5). */
  matrix: [number, number, number, number, number, number];
}

/** The normal appearance an annotation shows, placed where the viewer would draw it; none for hidden or empty ones. */
function appearanceOf(context: PDFContext, annotation: PDFObject): Appearance | undefined {
  const dict = context.lookup(annotation);
  if (!(dict instanceof PDFDict) || nameOf(dict.get(PDFName.of('Subtype'))) === 'Popup') return undefined;
  const flags = context.lookup(dict.get(PDFName.of('F')));
  if (flags instanceof PDFNumber && (flags.asNumber() & (HIDDEN | NO_VIEW)) !== 0) return undefined;
  const appearances = context.lookup(dict.get(PDFName.of('AP')));
  if (!(appearances instanceof PDFDict)) return undefined;
  let normal = appearances.get(PDFName.of('N'));
  const states = normal === undefined ? undefined : context.lookup(normal);
  if (states instanceof PDFDict) {
    const state = dict.get(PDFName.of('AS'));
    normal = state instanceof PDFName ? states.get(state) : undefined;
  }
  if (!(normal instanceof PDFRef)) return undefined;
  const stream = context.lookup(normal);
  const rect = numbersOf(context, dict.get(PDFName.of('Rect')));
  if (!(stream instanceof PDFStream) || rect?.length !== 4) return undefined;
  const bbox = numbersOf(context, stream.dict.get(PDFName.of('BBox')));
  if (bbox?.length !== 4) return undefined;
  const [a, b, c, d, e, f] = numbersOf(context, stream.dict.get(PDFName.of('Matrix'))) ?? [1, 0, 0, 1, 0, 0];
  const corners = [
    [bbox[0]!, bbox[1]!],
    [bbox[2]!, bbox[1]!],
    [bbox[0]!, bbox[3]!],
    [bbox[2]!, bbox[3]!],
  ].map(([x, y]) => [a! * x! + c! * y! + e!, b! * x! + d! * y! + f!] as const);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [left, right, bottom, top] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const [x1, y1, x2, y2] = [
    Math.min(rect[0]!, rect[2]!),
    Math.min(rect[1]!, rect[3]!),
    Math.max(rect[0]!, rect[2]!),
    Math.max(rect[1]!, rect[3]!),
  ];
  if (right - left <= 0 || top - bottom <= 0) return undefined;
  const scaleX = (x2 - x1) / (right - left);
  const scaleY = (y2 - y1) / (top - bottom);
  return { stream: normal, matrix: [scaleX, 0, 0, scaleY, x1 - left * scaleX, y1 - bottom * scaleY] };
}

/**
 * Rebuilds every page of `source` into `target` (not yet added to it, like copyPages), keeping
 * what each page shows and nothing active.
 */
export function copyInertPages(source: PDFDocument, target: PDFDocument, options: InertCopyOptions = {}): PDFPage[] {
  const copier = new FilteringCopier(source.context, target.context, options);
  const context = target.context;
  const pages = source.getPages().slice(0, options.firstPages);
  return pages.map((page, pageIndex) => {
    const node = page.node;
    const inherited = (key: string) => node.getInheritableAttribute(PDFName.of(key));
    const entries = new Map<PDFName, PDFObject>([[PDFName.of('Type'), PDFName.of('Page')]]);
    for (const key of ['MediaBox', 'CropBox', 'Rotate']) {
      const value = inherited(key);
      if (value !== undefined) entries.set(PDFName.of(key), copier.copy(value));
    }
    for (const key of ['Group', 'UserUnit']) {
      const value = node.get(PDFName.of(key));
      if (value !== undefined) entries.set(PDFName.of(key), copier.copy(value));
    }
    if (!entries.has(PDFName.of('MediaBox'))) entries.set(PDFName.of('MediaBox'), context.obj([0, 0, 612, 792]));

    const resourcesSource = inherited('Resources');
    const copiedResources = resourcesSource === undefined ? undefined : context.lookup(copier.copy(resourcesSource, 'resources'));
    // A page of its own resources, so annotation appearances added below never show on another page.
    const resources = PDFDict.withContext(context);
    if (copiedResources instanceof PDFDict) for (const [key, value] of copiedResources.entries()) resources.set(key, value);
    entries.set(PDFName.of('Resources'), resources);

    const contents: PDFRef[] = [];
    const original = node.get(PDFName.of('Contents'));
    const resolved = original === undefined ? undefined : source.context.lookup(original);
    const originalParts = resolved instanceof PDFArray ? resolved.asArray() : original === undefined ? [] : [original];
    for (const part of originalParts) {
      const copied = part instanceof PDFRef ? copier.copy(part, 'content') : undefined;
      if (copied instanceof PDFRef && context.lookup(copied) instanceof PDFStream) contents.push(copied);
    }

    // The page's own drawing is closed off (q … Q) so the appearances land in default user space.
    const drawn: string[] = [];
    const annotations = source.context.lookup(node.get(PDFName.of('Annots')));
    if (annotations instanceof PDFArray) {
      const xObjects = PDFDict.withContext(context);
      const existing = resources.lookup(PDFName.of('XObject'));
      if (existing instanceof PDFDict) for (const [key, value] of existing.entries()) xObjects.set(key, value);
      annotations.asArray().forEach((annotation, annotationIndex) => {
        const appearance = appearanceOf(source.context, annotation);
        if (!appearance) return;
        const copied = copier.copy(appearance.stream, 'content');
        const form = context.lookup(copied);
        if (!(copied instanceof PDFRef) || !(form instanceof PDFStream)) return;
        form.dict.set(PDFName.of('Type'), PDFName.of('XObject'));
        form.dict.set(PDFName.of('Subtype'), PDFName.of('Form'));
        const name = `InertAppearance${pageIndex}x${annotationIndex}`;
        xObjects.set(PDFName.of(name), copied);
        drawn.push(`q ${appearance.matrix.map(formatNumber).join(' ')} cm /${name} Do Q`);
      });
      if (drawn.length > 0) resources.set(PDFName.of('XObject'), xObjects);
    }
    if (drawn.length > 0) {
      contents.unshift(context.register(context.flateStream('q\n')));
      contents.push(context.register(context.flateStream(`Q\n${drawn.join('\n')}\n`)));
    }
    entries.set(PDFName.of('Contents'), context.obj(contents));

    const leaf = PDFPageLeaf.fromMapWithContext(entries, context);
    return PDFPage.of(leaf, context.register(leaf), target);
  });
}
