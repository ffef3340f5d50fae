import { describe, expect, it } from 'vitest';
import { buildPlan, pathsToRun, stepGroups } from './plan';
import { webStatusPagePlan } from './models/webStatus';

const POST_STATUS = { method: 'POST', path: '/api/web-status' };
const plan = buildPlan(webStatusPagePlan());
const path = (title: string) => {
  const found = pathsToRun(plan).find((candidate) => candidate.title.includes(title));
  if (!found) throw new Error(`no path ${title}`);
  return found;
};

describe('a path that ends while a call runs', () => {
  it('holds the call another try makes from the step that arranged the failure, before the timer can fire', () => {
    const groups = stepGroups(path('started.retrying —after webStatusRetry→ started.posting'));
    const [failed, waited] = groups.slice(-2);
    expect(failed?.holdNext).toEqual(POST_STATUS);
    expect(waited?.kind).toBe('act');
    expect(waited?.hold).toBeUndefined();
    expect(waited?.holdNext).toBeUndefined();
  });

  it('holds the call a click makes in the group of that click', () => {
    const groups = stepGroups(path('started —webStatus.startValidating→ validating.posting'));
    const last = groups.at(-1);
    expect(last?.hold).toEqual(POST_STATUS);
    expect(groups.some((group) => group.holdNext)).toBe(false);
  });
});
