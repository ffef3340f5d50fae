import { test } from '@playwright/test';
import { authCardPagePlan } from '../../qa/models/authCard';
import { buildPlan, coverageLine, pathsToRun } from '../../qa/plan';
import { runPath } from './runner';

/*
 * Model-based: the five auth cards' plan walked on the real cards against the real server (a
 * real log-in and sign-up; the other answers, and every refusal, are page.route() answers),
 * checking after every step what the card shows.
 */
const plan = buildPlan(authCardPagePlan());

test.describe(`Model-based: auth cards (${coverageLine(plan)})`, () => {
  for (const path of pathsToRun(plan)) {
    test(path.title, async ({ page }) => {
      await runPath(page, path, plan.start);
    });
  }
});
