import { test } from '@playwright/test';
import { pdfCopyPagePlan } from '../../qa/models/pdfCopy';
import { buildPlan, coverageLine, pathsToRun } from '../../qa/plan';
import { runPath } from './runner';

/*
 * Model-based: the PDF copy's plan on the real Final Steps page with Playwright's clock (the
 * 10-minute poll): the background checks' answers arranged with page.route(), the download's
 * save and copy the real server's (a real PDF downloaded) or a failure; after every step what
 * the offer shows: its button busy or free, the progress, the error toast.
 */
const plan = buildPlan(pdfCopyPagePlan());

test.describe(`Model-based: PDF copy (${coverageLine(plan)})`, () => {
  for (const path of pathsToRun(plan)) {
    test(path.title, async ({ page }) => {
      // The real copy is made by the server's worker: it takes its time on a busy machine.
      await runPath(page, path, plan.start, 30_000);
    });
  }
});
