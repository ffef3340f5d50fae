import type { Middleware } from 'koa';
import { isApiPath } from '../../src/catalogue/http';

/** Applies to every answer, pages and API alike. Inline styles are allowed because components set style attributes. */
function contentSecurityPolicy(connectSources: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Uploads go straight to the bucket when documents are stored in S3.
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security, when the public address is https. */
  hsts: boolean;
  connectSources?: readonly string[];
}

/**
 * The headers every answer carries. Written once here: the middleware below sets them on Koa's
 * answers, and server/http/clientError.ts on the answers to requests Node could not parse.
 */
export function securityHeaderList(options: SecurityHeaderOptions): readonly [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(options.connectSources ?? [])],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  if (options.hsts) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export function securityHeaders(options: SecurityHeaderOptions): Middleware {
  const headers = securityHeaderList(options);
  return async (ctx, next) => {
    // Straight onto the response: `ctx.set` builds arrays per call, a fifth of what a profile
    // request allocated. Nothing has been sent this early, which is all `ctx.set` checks first.
    const { res } = ctx;
    for (const [name, value] of headers) res.setHeader(name, value);
    // Answers hold personal data: no browser or proxy may keep a copy.
    if (isApiPath(ctx.path)) res.setHeader('Cache-Control', 'no-store');
    await next();
  };
}
