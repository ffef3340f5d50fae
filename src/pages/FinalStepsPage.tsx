import { StepPage } from './StepPage';

export default function FinalStepsPage() {
  return <StepPage pageId="final-steps" />;
}
