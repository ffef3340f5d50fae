import { test } from '@playwright/test';
import { buildPlan, coverageLine, pathsToRun } from '../../qa/plan';
import { navigationPagePlan } from '../../qa/models/navigation';
import { runPath } from './runner';

/*
 * Model-based: section 2's navigation rules walked on the real pages against the real server:
 * addresses typed (an unknown one keeps its query on /about, /completion before submitting), a
 * visitor's answers carried to Sign Up, the return to the last page saved, the completion page for
 * a submitted application, the saving of the last page (a failure says nothing; Back saves again);
 * after every step the address, the heading and what the server holds.
 */
const plan = buildPlan(navigationPagePlan());

test.describe(`Model-based: navigation (${coverageLine(plan)})`, () => {
  for (const path of pathsToRun(plan)) {
    test(path.title, async ({ page }) => {
      await runPath(page, path, plan.start);
    });
  }
});
