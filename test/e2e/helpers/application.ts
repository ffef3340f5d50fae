import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { completeApplication } from '../../fixtures/completeApplication';

/** Moves the logged-in applicant's web status forward (the server only lets it move forward). */
export async function setWebStatus(request: APIRequestContext, ...statuses: ('started' | 'validating')[]): Promise<void> {
  for (const web_status of statuses) {
    const response = await request.post('/api/web-status', { data: { web_status } });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** Saves a complete application and submits it through the API, for screens after the submit. */
export async function submitCompleteApplication(request: APIRequestContext): Promise<void> {
  const saved = await request.put('/api/answer', { data: completeApplication });
  expect(saved.ok(), await saved.text()).toBe(true);
  await setWebStatus(request, 'started', 'validating');
  const submitted = await request.post('/api/submit');
  expect(submitted.ok(), await submitted.text()).toBe(true);
}

/** The answers the server holds for the page's session (GET /api/profile). */
interface ProfileAnswers {
  answer: Record<string, unknown>;
}

export async function serverAnswers(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get('/api/profile');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ProfileAnswers).answer;
}
