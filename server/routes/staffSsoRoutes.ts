import { Router } from '@koa/router';
import type { Context } from 'koa';
import { CONSOLE_ROUTES } from '../../src/catalogue/http';
import { staffSsoCallbackQuery } from '../../src/catalogue/schema/staff';
import { STAFF_SSO_PENDING_MS, STAFF_SSO_REFUSAL_SHOWN_MS, type StaffSso } from '../accounts/staffSso';
import { setStaffSessionCookie, staffCookieIdHash } from '../http/staffSession';
import { validate } from '../http/validate';

/** This browser's sign-in on its way to the identity provider, and why its last one was refused. */
const PENDING_COOKIE = 'staff_sso';
const REFUSAL_COOKIE = 'staff_sso_refusal';
const SSO_PATH = '/public/staff/sso';

/**
 * The staff console's single sign-on. `GET /public/staff/sso` tells the sign-in page whether it is
 * on and why this browser's last attempt was refused; `start` leaves for the identity provider and
 * `callback` is where it sends the browser back, both only when single sign-on is configured. Each
 * ends on the console (`/staff`), signed in or with `?sso_error=<why>`.
 */
export function staffSsoRoutes(sso: StaffSso | undefined, deps: { secret: Buffer; secureCookies: boolean }): Router {
  const router = new Router();
  // Lax, not Strict: the provider sends the browser back from another site, and a Strict cookie
  // would not come with it. Scripts never read it; only the single sign-on's paths receive it.
  const setCookie = (ctx: Context, name: string, value: string, maxAge: number) =>
    ctx.cookies.set(name, value, { httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, path: SSO_PATH, maxAge, overwrite: true });
  const clearCookie = (ctx: Context, name: string) =>
    ctx.cookies.set(name, '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      path: SSO_PATH,
      expires: new Date(0),
      overwrite: true,
    });
  const refused = (ctx: Context, outcome: { refused: string; sealedRefusal: string }) => {
    setCookie(ctx, REFUSAL_COOKIE, outcome.sealedRefusal, STAFF_SSO_REFUSAL_SHOWN_MS);
    ctx.redirect(`${CONSOLE_ROUTES.home}?${new URLSearchParams({ sso_error: outcome.refused })}`);
  };

  router.get(SSO_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { enabled: sso !== undefined, refusal: sso?.refusalMessage(ctx.cookies.get(REFUSAL_COOKIE)) ?? null };
  });
  if (!sso) return router;

  router.get(`${SSO_PATH}/start`, async (ctx) => {
    const begun = await sso.begin(ctx.ip);
    if ('refused' in begun) return refused(ctx, begun);
    setCookie(ctx, PENDING_COOKIE, begun.sealedPending, STAFF_SSO_PENDING_MS);
    ctx.redirect(begun.url);
  });

  router.get(`${SSO_PATH}/callback`, validate(staffSsoCallbackQuery, { from: 'query' }), async (ctx) => {
    const outcome = await sso.finish(ctx.querystring, ctx.cookies.get(PENDING_COOKIE), ctx.ip, staffCookieIdHash(ctx, deps.secret));
    // A pending sign-in is used once, whatever came of it.
    clearCookie(ctx, PENDING_COOKIE);
    if ('refused' in outcome) return refused(ctx, outcome);
    clearCookie(ctx, REFUSAL_COOKIE);
    setStaffSessionCookie(ctx, outcome.sessionId, deps.secureCookies);
    ctx.redirect(CONSOLE_ROUTES.home);
  });
  return router;
}
