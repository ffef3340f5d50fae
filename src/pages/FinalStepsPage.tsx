import { PdfCopyOffer } from './PdfCopyOffer';
import { StepPage } from './StepPage';

export default function FinalStepsPage() {
  return <StepPage pageId="final-steps" beforeActions={<PdfCopyOffer />} />;
}
