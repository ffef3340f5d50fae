/**
 * What an inert copy of PDF pages leaves behind: the keys, dictionary types, actions and
 * annotations a viewer could run or open, and the keys a page's resources may hold.
 */

/** Keys that hold or lead to actions, scripts, files, forms, trees or the rest of the source document. */
export const DROPPED_KEYS = new Set([
  // actions and scripts
  'A',
  'AA',
  'JS',
  'JavaScript',
  'OpenAction',
  'Next',
  'Win',
  'Mac',
  'Unix',
  'URI',
  // files: name trees, embedded and external files, reference XObjects
  'Names',
  'EmbeddedFiles',
  'EF',
  'FS',
  'F',
  'FFilter',
  'FDecodeParms',
  'RF',
  'Ref',
  // forms, annotations and the rest of the source document's structure
  'AcroForm',
  'XFA',
  'Annots',
  'Parent',
  'Kids',
  'P',
  'Pages',
  'Outlines',
  'Dests',
  'Threads',
  'B',
  'StructTreeRoot',
  'Metadata',
  'PieceInfo',
]);
/** Dictionary types that never belong among a page's resources. */
export const DROPPED_TYPES = new Set([
  'Catalog',
  'Pages',
  'Page',
  'Annot',
  'Action',
  'Filespec',
  'EmbeddedFile',
  'Outlines',
  'StructTreeRoot',
  'StructElem',
  'Sig',
  'Thread',
  'Bead',
]);
/** Action types: a dictionary with one of these as /S is an action, wherever it hides. */
export const ACTION_TYPES = new Set([
  'GoTo',
  'GoToR',
  'GoToE',
  'Launch',
  'Thread',
  'URI',
  'Sound',
  'Movie',
  'Hide',
  'Named',
  'SubmitForm',
  'ResetForm',
  'ImportData',
  'JavaScript',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'RichMediaExecute',
]);
export const ANNOTATION_TYPES = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Popup',
  'FileAttachment',
  'Sound',
  'Movie',
  'Widget',
  'Screen',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  '3D',
  'Redact',
  'RichMedia',
  'Projection',
]);
/** Resource categories: dictionaries whose keys are names the content uses. */
export const RESOURCE_NAME_MAPS = new Set(['Font', 'XObject', 'ExtGState', 'ColorSpace', 'Pattern', 'Shading', 'Properties']);
export const RESOURCE_KEYS = new Set([...RESOURCE_NAME_MAPS, 'ProcSet']);
/** Annotation flags (PDF 32000, 12.5.3) under which an annotation is not shown. */
export const HIDDEN = 1 << 1;
export const NO_VIEW = 1 << 5;
