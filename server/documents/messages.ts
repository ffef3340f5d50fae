import { FILE_MESSAGES } from '../../src/catalogue/limits';
import { DOCUMENT_REQUEST_MESSAGES } from '../../src/catalogue/schema';
import { DOCUMENT_MAX_PAGES, DOCX_MAX_UNPACKED_BYTES, DOCX_MAX_XML_BYTES, IMAGE_MAX_PIXELS } from './contentLimits';

const MB = 1024 * 1024;
const count = (value: number) => value.toLocaleString('en-US');
const megapixels = `${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;

/**
 * What the server says about documents beyond the file rules and the calls' payloads (the
 * catalogue's, used word for word). The applicant reads these, so they say what to do next.
 */
export const DOCUMENT_MESSAGES = {
  ...FILE_MESSAGES,
  ...DOCUMENT_REQUEST_MESSAGES,
  /** The 'File Upload in Progress' dialog's text, also the answer when a conversion blocks a delete or a tab switch. */
  uploadInProgress: 'Please wait until the file upload has completed.',
  uploadNotFound: 'No upload was found for this file. Please upload it again.',
  uploadNotReceived: 'We did not receive your file. Please upload it again.',
  uploadLinkUsed: 'This upload link has already been used. Please upload the file again.',
  uploadExpired: 'This upload link has expired. Please upload the file again.',
  uploadForbidden: 'This upload was not authorised. Please upload the file again.',
  tooManyUploads: 'You have started too many uploads. Please wait a few minutes and try again.',
  uploadMalformed: 'The upload could not be read. Please upload the file again.',
  docxTooLarge: `Your document is too large to open: unpacked it would be more than ${DOCX_MAX_UNPACKED_BYTES / MB} MB. Please save it again with smaller pictures.`,
  docxXmlTooLarge: `Your Word document is too long or complex to convert: its text and formatting unpack to more than ${DOCX_MAX_XML_BYTES / MB} MB. Please save it as a PDF and upload that instead.`,
  docxPictureTooLarge: (width: number, height: number) =>
    `Your document contains a picture too large to convert (${count(width)} × ${count(height)} pixels). Please make the picture smaller (at most ${megapixels}) or upload the document as a PDF.`,
  docxUnreadable: 'Your Word document could not be opened. Please save it again as .docx or upload a PDF instead.',
  pdfEncrypted: 'Your PDF is protected with a password. Please upload a copy without a password.',
  pdfUnreadable: 'Your PDF could not be read. Please save it again or upload another file.',
  pdfEmpty: 'Your PDF has no pages. Please upload another file.',
  tooManyPages: `Your document has more than ${DOCUMENT_MAX_PAGES} pages. Please upload a document of at most ${DOCUMENT_MAX_PAGES} pages.`,
  pdfPictureTooLarge: (width: number, height: number) =>
    `Your PDF contains a picture too large to keep (${count(width)} × ${count(height)} pixels). Please save it again with smaller pictures (at most ${megapixels}) and upload that.`,
  imageUnreadable: 'Your image could not be read. Please save it again as PNG or JPEG.',
  imageTooLarge: (width: number, height: number) =>
    `Your image is too large to convert (${count(width)} × ${count(height)} pixels). Please upload an image of at most ${megapixels} (for example 8,000 × 5,000 pixels, 8 bits per colour), or a PDF.`,
  /** A worker ran out of memory on the file: it would again, so the applicant is asked for a simpler one. */
  tooComplex:
    'Your file is too complex for us to convert. Please save it again in a simpler form (fewer or smaller pictures), or as a PDF, and upload that.',
  conversionFailed: 'Your file could not be converted to PDF. Please try another file.',
  noDocument: 'There is no document for this question.',
  /** The answer to a submit while a document is still being converted. */
  convertingAtSubmit: 'Please wait until your document has finished uploading before you submit.',
  /** A conversion that finished after the application was submitted: the document is not attached. */
  arrivedAfterSubmission: 'Your application was submitted before this document finished converting, so it is not part of your application.',
} as const;
