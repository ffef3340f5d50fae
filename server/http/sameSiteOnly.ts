import type { Middleware } from 'koa';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls that change state (logout) get the same protection as writes. */
const STATE_CHANGING_GETS = new Set(['/api/logout']);

/**
 * Refuses writes that another site's page started. The session cookie is SameSite=Lax already;
 * this checks the browser's own statements about the request's origin as a second line.
 */
export function sameSiteOnly(publicOrigin: string): Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) || STATE_CHANGING_GETS.has(ctx.path)) {
      const fetchSite = ctx.get('sec-fetch-site');
      if (fetchSite === 'cross-site') throw crossSite();
      const origin = ctx.get('origin');
      if (origin && origin !== publicOrigin && origin !== `${ctx.protocol}://${ctx.host}`) throw crossSite();
    }
    await next();
  };
}

const crossSite = () => new HttpError(403, 'Requests from other sites are not allowed.');
