import { test } from '@playwright/test';
import { inactivityPagePlan } from '../../qa/models/inactivity';
import { buildPlan, coverageLine, pathsToRun } from '../../qa/plan';
import { runPath } from './runner';

/*
 * Model-based: the inactivity handling's plan on the real form with Playwright's clock (14 minutes
 * to the "Still working?" modal, one more to the automatic logout), the session call's failures
 * as page.route() answers; after every step what the page shows.
 */
const plan = buildPlan(inactivityPagePlan());

test.describe(`Model-based: inactivity (${coverageLine(plan)})`, () => {
  for (const path of pathsToRun(plan)) {
    test(path.title, async ({ page }) => {
      await runPath(page, path, plan.start);
    });
  }
});
