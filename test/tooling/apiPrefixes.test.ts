import { describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { API_PREFIXES, isApiPath } from '../../src/catalogue/http';

/**
 * `npm run dev` serves the page from Vite and the API from Koa: Vite must forward exactly the
 * paths the server answers as API (no-store, never the page), or a call in development reaches
 * Vite's page fallback while production answers it, or the other way round.
 */
describe('the API prefixes', () => {
  it('are the paths the development server forwards to Koa', () => {
    const config = viteConfig({ mode: 'development', command: 'serve' });
    expect(Object.keys((config as { server?: { proxy?: object } }).server?.proxy ?? {})).toEqual([...API_PREFIXES]);
  });

  it('are the paths the server answers as its API, and only those', () => {
    for (const prefix of API_PREFIXES) expect(isApiPath(`${prefix}anything`), prefix).toBe(true);
    for (const page of ['/about', '/login', '/apiary', '/publication', '/']) expect(isApiPath(page), page).toBe(false);
  });
});
