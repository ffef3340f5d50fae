import { connectDocumentPages, connectStaffDocument } from '../../machines/documentView';
import { useViewValue, type StaffDocumentActor } from '../app/actors';
import { showBidiControls } from '../catalogue/display';

/** What the printed sheet says beside the note, while the pages are prepared or when they failed. */
const PRINT_PAGES_MESSAGES = {
  preparing: "The document's pages are still being prepared; print again in a moment.",
  failed:
    'Its pages could not be included in this print: open the staff link on screen, choose "Open the document (PDF)" and print the document from there.',
  follow: (count: number) => (count === 1 ? 'Its page follows.' : `Its ${count} pages follow.`),
} as const;

/** The staff print's copy of an uploaded document's pages, from the staff document actor's child. */
function useDocumentPrintPages(actor: StaffDocumentActor) {
  const pagesActor = useViewValue(actor, connectStaffDocument, (view) => view.printPages);
  const empty = connectDocumentPages(undefined);
  const status = useViewValue(pagesActor, connectDocumentPages, (view) => view.status, empty.status);
  const pages = useViewValue(pagesActor, connectDocumentPages, (view) => view.pages, empty.pages);
  return { status, pages };
}

/** On paper only, after the note: where the document's pages are (following, coming, or not here). */
export function PrintPagesNote({ actor }: { actor: StaffDocumentActor }) {
  const { status, pages } = useDocumentPrintPages(actor);
  const text = status === 'ready' ? PRINT_PAGES_MESSAGES.follow(pages.length) : PRINT_PAGES_MESSAGES[status];
  return <span className="q-static__print-only"> — {text}</span>;
}

/** On paper only: each page of the document on a sheet of its own, named for a screen reader. */
export function PrintPages({ actor, fileName }: { actor: StaffDocumentActor; fileName: string }) {
  const { status, pages } = useDocumentPrintPages(actor);
  if (status !== 'ready') return null;
  const name = showBidiControls(fileName);
  return (
    <div className="q-static__pages">
      {pages.map((page, index) => (
        <img
          key={index}
          className="q-static__page"
          src={page.src}
          width={page.width}
          height={page.height}
          alt={`Page ${index + 1} of ${pages.length} of ${name}`}
        />
      ))}
    </div>
  );
}
