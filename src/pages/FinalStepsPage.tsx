import { Suspense } from 'react';
import { ChunkBoundary, lazyChunk } from '../app/chunks';
import { StepPage } from './StepPage';

// Only Final Steps offers the copy: its code (and the download helper) stays out of /about's first download.
const PdfCopyOffer = lazyChunk(() => import('./PdfCopyOffer'));

export default function FinalStepsPage() {
  return (
    <StepPage
      pageId="final-steps"
      beforeActions={
        <ChunkBoundary compact>
          <Suspense fallback={null}>
            <PdfCopyOffer />
          </Suspense>
        </ChunkBoundary>
      }
    />
  );
}
