/**
 * The three steps of the application and their routes. Kept apart from the
 * question catalogue so that code needed on every page (the routes, the navigation rules, the
 * auth cards) can know the routes without loading the questions; ./questions re-exports them.
 */
export const PAGES = [
  { id: 'about', title: 'About You', route: '/about' },
  { id: 'education', title: 'Your Academics', route: '/education' },
  { id: 'final-steps', title: 'Final Steps', route: '/final-steps' },
] as const;
export type PageId = (typeof PAGES)[number]['id'];
export const DEFAULT_PAGE: PageId = 'about';
