import { test } from '@playwright/test';
import { documentPagePlan } from '../../qa/models/document';
import { buildPlan, coverageLine, pathsToRun } from '../../qa/plan';
import { runPath } from './runner';

/*
 * Model-based: the document question's plan on the real Your Academics page (the upload tab): a
 * real PDF uploaded, converted by the real server, downloaded and deleted after its question;
 * a refused file; each call's failure as a page.route() answer; "Choose another file"; the
 * switch to the other tab that deletes the document. After every step what the question shows.
 */
const plan = buildPlan(documentPagePlan());

test.describe(`Model-based: document (${coverageLine(plan)})`, () => {
  for (const path of pathsToRun(plan)) {
    test(path.title, async ({ page }) => {
      // A real conversion takes its time on a busy machine.
      await runPath(page, path, plan.start, 30_000);
    });
  }
});
