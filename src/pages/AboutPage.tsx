import { StepPage } from './StepPage';

export default function AboutPage() {
  return <StepPage pageId="about" />;
}
