import { completeApplication } from '../../fixtures/completeApplication';
import type { AnswerValue } from '../../../src/catalogue/dataModel';
import { signUpAndLogIn, type TestClient, type TestServer } from './testServer';

/** An applicant who filled in and submitted the whole application; `id` is the application's id as staff calls name it. */
export async function submittedApplicant(
  server: TestServer,
  staff: TestClient,
  email: string,
  answers: Record<string, AnswerValue> = {},
): Promise<{ client: TestClient; id: number }> {
  const client = await signUpAndLogIn(server, email);
  const saved = await client.put('/api/answer', { ...completeApplication, ...answers });
  if (saved.status !== 200) throw new Error(`save refused: ${JSON.stringify(saved.body)}`);
  const submitted = await client.post('/api/submit', {});
  if (submitted.status !== 200) throw new Error(`submission refused: ${JSON.stringify(submitted.body)}`);
  const list = await staff.get<{ applications: { id: number; email: string }[] }>(`/api/staff/applications?q=${encodeURIComponent(email)}`);
  if (list.status !== 200) throw new Error(`list refused: ${JSON.stringify(list.body)}`);
  return { client, id: list.body.applications.find((row) => row.email === email)!.id };
}

/** A review by the college's demo form: academics and essay from 1 to 5, and a recommendation. */
export const review = (academics: number, essay: number, recommendation: string, comment = 'A careful read.') => ({
  ratings: { academics, essay },
  recommendation,
  comment,
});
