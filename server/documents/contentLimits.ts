/**
 * How much an uploaded file may unpack to before anything opens it. A 1 MB upload can declare
 * gigabytes (a zip bomb, an image bomb); these limits are checked from the file's headers when it
 * arrives and again, by counting, while it is converted. SECURITY.md (Uploads) states them.
 */

/** A docx zip may unpack to at most this much in all. */
export const DOCX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** Real Word documents have a few dozen entries; thousands mean something else. */
export const DOCX_MAX_ENTRIES = 2000;
/**
 * The XML parts of a docx (every .xml and .rels entry: the text, styles, numbering, notes,
 * headers, relationships) may unpack to at most this much in all. A long essay is a few hundred
 * KB; mammoth needs about 70 MB of heap per MB of dense XML and 2 to 5 s per MB, so this keeps
 * the worst case far inside a worker's heap and the conversion time limit.
 */
export const DOCX_MAX_XML_BYTES = 2 * 1024 * 1024;
/**
 * Pictures (PNG, JPEG, and those inside a docx) may declare at most 40 megapixels: a 48 MP phone
 * photo squeezed into 1 MB is the largest real case (8,000 × 5,000 passes; 8,000 × 6,000 does not).
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * …and at most 160 MB of decoded samples (width × height × samples per pixel × bytes per sample):
 * 40 megapixels of 8-bit RGBA; 16-bit pictures get half the pixels.
 */
export const IMAGE_MAX_DECODED_BYTES = 160 * 1024 * 1024;
/**
 * A supporting document (a statement, a transcript) has at most this many pages: read from a
 * PDF's page tree before it is rebuilt, from the page breaks of a Word document before it is
 * converted, and from the converters' output. 10,000 empty pages fit in under 1 MB and took
 * seconds of every PDF copy they were copied into.
 */
export const DOCUMENT_MAX_PAGES = 30;
