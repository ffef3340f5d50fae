import { test } from '@playwright/test';
import { tabsPagePlan } from '../../qa/models/tabs';
import { buildPlan, coverageLine, pathsToRun } from '../../qa/plan';
import { runPath } from './runner';

/*
 * Model-based: the personal statement's tab group (write it here, or upload a document) walked on
 * the real Your Academics page: the switch, the question before a written statement is deleted,
 * and the server's failures (page.route() answers) with Try again; after every step what it shows.
 */
const plan = buildPlan(tabsPagePlan());

test.describe(`Model-based: tabs (${coverageLine(plan)})`, () => {
  for (const path of pathsToRun(plan)) {
    test(path.title, async ({ page }) => {
      await runPath(page, path, plan.start);
    });
  }
});
