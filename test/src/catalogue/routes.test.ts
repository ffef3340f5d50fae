import { describe, expect, it } from 'vitest';
import { PAGES } from '../../../src/catalogue/pages';
import { COMPLETION_ROUTE, routeEntryNames } from '../../../src/catalogue/routes';

describe('what the server announces for each route (the modules it loads on demand)', () => {
  it('a form page: the form area, the session application with every form actor, and its own page', () => {
    for (const page of PAGES) expect(routeEntryNames(page.route)).toEqual(expect.arrayContaining(['FormArea', 'applicationMachine']));
    const about = PAGES.find((page) => page.id === 'about')!;
    expect(routeEntryNames(about.route)).toContain('AboutPage');
    expect(routeEntryNames(about.route)).not.toContain('EducationPage');
  });

  it('/completion: its page and the application (the PDF copy is one of its actors)', () => {
    expect(routeEntryNames(COMPLETION_ROUTE)).toEqual(expect.arrayContaining(['CompletionArea', 'applicationMachine']));
  });

  it('an auth card: its own actor, none of the form', () => {
    expect(routeEntryNames('/login')).toEqual(expect.arrayContaining(['AuthArea', 'authCardMachine']));
    expect(routeEntryNames('/login')).not.toContain('applicationMachine');
  });
});
