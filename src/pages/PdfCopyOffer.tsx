import { useEffect } from 'react';
import { connectPdfCopy } from '../../machines/pdfCopyView';
import { usePdfCopy, useView } from '../app/actors';
import { useClient } from '../app/useApp';
import { Button } from '../ui/Button';
import { startDownload } from '../ui/startDownload';

/**
 * The applicant may download a PDF copy before the submit: a copy of the answers as they
 * are on screen. The PDF copy actor saves them, waits while the copy is made (the progress shown
 * here) and hands over the link, opened at once; a failure is its error toast. Logged-in
 * applicants only: the copy belongs to a session.
 */
export default function PdfCopyOffer() {
  const loggedIn = useClient('isLoggedIn');
  const pdfCopy = usePdfCopy();
  const { downloading, download } = useView(pdfCopy, connectPdfCopy);

  useEffect(() => {
    const subscription = pdfCopy.on('pdfCopy.deliver', ({ url }) => startDownload(url));
    return () => subscription.unsubscribe();
  }, [pdfCopy]);

  if (!loggedIn) return null;
  return (
    <section className="pdf-offer" aria-labelledby="pdf-offer-title">
      <h2 id="pdf-offer-title" className="pdf-offer__title">
        Your PDF copy
      </h2>
      <p className="pdf-offer__text">Download a copy of your application as it is now, to keep or to read through before you submit.</p>
      <div className="pdf-offer__action">
        <Button variant="secondary" busy={downloading} onClick={download}>
          Download a PDF copy of your application
        </Button>
        <p className="pdf-offer__status" role="status">
          {downloading ? 'Preparing your PDF copy…' : ''}
        </p>
      </div>
    </section>
  );
}
