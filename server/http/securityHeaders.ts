import type { Middleware } from 'koa';

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

const API_PREFIXES = ['/api/', '/public/', '/service/', '/lookup/', '/files/'];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function securityHeaders(options: { hsts: boolean; connectSources?: readonly string[] }): Middleware {
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
