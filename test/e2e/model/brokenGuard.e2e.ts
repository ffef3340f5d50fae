import { expect, test } from '@playwright/test';
import { buildPlan, pathsToRun, type PlanPath } from '../../qa/plan';
import { submitPagePlan } from '../../qa/models/submit';
import { submitMachine } from '../../../machines/submitMachine';
import { completeApplication } from '../../fixtures/completeApplication';
import { runPath } from './runner';

/*
 * The generated tests check the product, not the graph: a copy of the submit machine with a
 * broken guard (every check "finds no errors") predicts pages the product does not show, so the
 * paths generated from it must fail on the real page — each path the broken guard changed (an
 * empty application it predicts to be submitted).
 */
/** What a generated test does and checks: its setup, its steps and what each should show. */
const expectations = (path: PlanPath) => JSON.stringify([path.initial, ...path.steps.map((step) => [step.plan, step.expect])]);
const good = new Set(pathsToRun(buildPlan(submitPagePlan(completeApplication))).map(expectations));
const broken = submitMachine.provide({ guards: { noErrors: () => true } });
const changed = pathsToRun(buildPlan(submitPagePlan(completeApplication, broken))).filter((path) => !good.has(expectations(path)));

test('a broken guard in the machine makes its generated paths fail on the real page', async ({ browser }) => {
  test.setTimeout(120_000);
  // Among them, the guard's first consequence: an application with missing answers "submitted".
  expect(changed.map((path) => path.title)).toContain('Cover submitting —submitApplication done→ submitted');
  const failed: string[] = [];
  for (const path of changed) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await runPath(page, path, '/final-steps', 3_000).catch(() => failed.push(path.title));
    await context.close();
  }
  expect(failed, 'the generated test passed although the machine it came from is wrong').toContain(
    'Cover submitting —submitApplication done→ submitted',
  );
});
