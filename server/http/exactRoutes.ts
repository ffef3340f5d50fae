import type { Middleware } from 'koa';

/**
 * Answers calls by exact `METHOD path` before the routers: each router matches the path against
 * its own list and composes a fresh chain per request, which for the calls every page makes cost
 * a fifth of the server's time. Anything else (another spelling of the path, another method, an
 * unknown path) goes on to the routers, so 404, 405 and 401 are theirs as before.
 */
export function exactRoutes<State>(routes: Record<string, Middleware<State>>): Middleware<State> {
  const table = new Map(Object.entries(routes));
  return (ctx, next) => {
    const route = table.get(`${ctx.method} ${ctx.path}`);
    return route ? route(ctx, next) : next();
  };
}
