import { test } from '@playwright/test';
import { buildPlan, coverageLine, pathsToRun } from '../../qa/plan';
import { submitPagePlan } from '../../qa/models/submit';
import { completeApplication } from '../../fixtures/completeApplication';
import { runPath } from './runner';

/*
 * Model-based: the submit sequence's plan (every state reached, every transition covered) walked
 * on the real Final Steps page against the real server, checking after every step what the
 * applicant must see there. The server's failures are page.route() answers.
 */
const plan = buildPlan(submitPagePlan(completeApplication));

test.describe(`Model-based: submit (${coverageLine(plan)})`, () => {
  for (const path of pathsToRun(plan)) {
    test(path.title, async ({ page }) => {
      await runPath(page, path, plan.start);
    });
  }
});
