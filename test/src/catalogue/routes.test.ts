import { describe, expect, it } from 'vitest';
import { PAGES } from '../../../src/catalogue/pages';
import { QUESTIONS, TAB_GROUPS } from '../../../src/catalogue/questions';
import { COMPLETION_ROUTE, needsPageActors, PAGE_ACTOR_PAGES, routeEntryNames } from '../../../src/catalogue/routes';

/** The page of each question whose view talks to a page-specific actor (machines/pageActors). */
const tabKeys = new Set(TAB_GROUPS.flatMap((group) => group.tabs.flatMap((tab) => tab.keys)));
const pagesUsingPageActors = new Set(
  QUESTIONS.filter((q) => q.kind === 'document' || q.kind === 'schoolSearch' || tabKeys.has(q.key)).map((q) => q.page),
);

describe('the routes that wait for the page-specific form actors (documents, tabs, school search, PDF copy)', () => {
  it('include every page with a document, a tab group or the school search, so that none renders without its actor', () => {
    for (const page of pagesUsingPageActors) expect(PAGE_ACTOR_PAGES, page).toContain(page);
    expect(pagesUsingPageActors.size).toBeGreaterThan(0);
  });

  it('include /final-steps (its PDF copy offer) and /completion (the PDF copy)', () => {
    expect(needsPageActors('/final-steps')).toBe(true);
    expect(needsPageActors(COMPLETION_ROUTE)).toBe(true);
    expect(routeEntryNames(COMPLETION_ROUTE)).toContain('pageActors');
  });

  it('leave /about out: its first paint needs none of them (issue 11 budget)', () => {
    const about = PAGES.find((page) => page.id === 'about')!;
    expect(pagesUsingPageActors.has('about')).toBe(false);
    expect(needsPageActors(about.route)).toBe(false);
    expect(routeEntryNames(about.route)).not.toContain('pageActors');
  });

  it('have the server announce the page-specific actors with the pages that wait for them', () => {
    for (const page of PAGES) expect(routeEntryNames(page.route).includes('pageActors')).toBe(needsPageActors(page.route));
  });
});
