import type { Middleware } from 'koa';

/**
 * Answers calls by exact method and path before the routers: each router matches the path against
 * its own list and composes a fresh chain per request, which for the calls every page makes cost
 * a fifth of the server's time. Anything else (another spelling of the path, another method, an
 * unknown path) goes on to the routers, so 404, 405 and 401 are theirs as before.
 */
export function exactRoutes<State>(routes: Record<string, Middleware<State>>): Middleware<State> {
  const byMethod = new Map<string, Map<string, Middleware<State>>>();
  for (const [route, handler] of Object.entries(routes)) {
    const [method, path] = route.split(' ') as [string, string];
    if (!byMethod.has(method)) byMethod.set(method, new Map());
    byMethod.get(method)!.set(path, handler);
  }
  return async (ctx, next) => {
    const route = byMethod.get(ctx.method)?.get(ctx.path);
    await (route ? route(ctx, next) : next());
  };
}
