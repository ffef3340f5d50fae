import { issueFileTicket, readFileTicket, ticketNames } from '../storage/fileTickets';

/**
 * The download link of an uploaded document's converted PDF: a file ticket (server/storage/
 * fileTickets.ts) for the one converted file it was issued for, so a replaced or deleted document
 * needs a new link. As with the PDF copy, the route also requires the owner's session or a staff
 * link for the same applicant. A query parameter, not a path: request logs keep paths, never queries.
 */
export const DOCUMENT_DOWNLOAD_PATH = '/files/document';
/** How long a document link opens: the page asks for a fresh one at each click. */
export const DOCUMENT_LINK_TTL_MS = 5 * 60 * 1000;

export function documentLink(secret: Buffer, link: { userId: number; objectKey: string; expiresAt: number; staffLink?: string }): string {
  const ticket = issueFileTicket(secret, 'document-link', link);
  const staff = link.staffLink ? `&service_token=${encodeURIComponent(link.staffLink)}` : '';
  return `${DOCUMENT_DOWNLOAD_PATH}?ticket=${ticket}${staff}`;
}

export function readDocumentTicket(secret: Buffer, ticket: string, now: number): { userId: number; keyDigest: string } | undefined {
  return readFileTicket(secret, 'document-link', ticket, now);
}

export { ticketNames as documentTicketNames };

/** The converted file's name in Content-Disposition: the uploaded name with .pdf, in characters safe in a header. */
export function convertedFileName(uploadedName: string): string {
  const stem = uploadedName
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+|_+$/g, '');
  return `${stem || 'document'}.pdf`;
}
