import { test } from '@playwright/test';
import { buildPlan, coverageLine, pathsToRun } from '../../qa/plan';
import { webStatusPagePlan } from '../../qa/models/webStatus';
import { runPath } from './runner';

/*
 * Model-based: section 4's web status walked on the real pages against the real server: who opens
 * Final Steps, Submit with and without the answers, and the server's answers to the status posts
 * (page.route(): a failure says nothing and is tried again on the test's clock, a session ended
 * ends on Log In); after every step what the page shows and the status the server holds.
 */
const plan = buildPlan(webStatusPagePlan());

/**
 * Paths that find a bug not fixed yet: each must fail until it is (Playwright reports it once it
 * passes). Found here and fixed: a 401 on the post of validating ended the session, but the submit
 * sequence's later move to the page of the first missing answer won over Log In.
 */
const KNOWN_BUGS: ReadonlySet<string> = new Set<string>();

test.describe(`Model-based: webStatus (${coverageLine(plan)})`, () => {
  for (const path of pathsToRun(plan)) {
    test(path.title, async ({ page }) => {
      test.fail(KNOWN_BUGS.has(path.title), 'known bug: see KNOWN_BUGS');
      await runPath(page, path, plan.start);
    });
  }
});
