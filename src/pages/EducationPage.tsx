import { StepPage } from './StepPage';

export default function EducationPage() {
  return <StepPage pageId="education" />;
}
