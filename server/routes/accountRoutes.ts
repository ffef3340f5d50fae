import { Router } from '@koa/router';
import {
  confirmSchema,
  forgotSchema,
  loginSchema,
  normaliseUsername,
  resendSchema,
  resetSchema,
  signupSchema,
} from '../../src/catalogue/schema';
import type { Context } from 'koa';
import type { AccountService } from '../accounts/accountService';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_COOKIE_TTL_MS } from '../accounts/deviceCookie';
import { SESSION_COOKIE } from '../accounts/sessionPolicy';
import { ACCOUNT_FORM_MAX_BYTES } from '../http/bodyLimits';
import { readJsonObject } from '../http/jsonBody';
import { clearSessionCookies, setSessionCookies, type SessionState } from '../http/session';
import { parseOrReject } from '../http/validate';

/** Section 7's account calls: each validates with the shared schema, then calls the account service. */
export function accountRoutes(accounts: AccountService, options: { secureCookies: boolean }): Router<SessionState> {
  const router = new Router<SessionState>();
  /** Kept by the browser for months and sent with login calls only; never readable by scripts. */
  const setDeviceCookie = (ctx: Context, value: string) =>
    ctx.cookies.set(DEVICE_COOKIE, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_TTL_MS,
      overwrite: true,
    });

  /** Nothing past the account forms' small limit is read, so no rule ever runs over a huge input. */
  const readForm = (ctx: Context) => readJsonObject(ctx, { maxBytes: ACCOUNT_FORM_MAX_BYTES });

  router.post('/public/signup', async (ctx) => {
    const form = parseOrReject(signupSchema, await readForm(ctx));
    ctx.body = await accounts.signUp(normaliseUsername(form.username), form.password, ctx.ip);
  });

  router.post('/public/confirm', async (ctx) => {
    const form = parseOrReject(confirmSchema, await readForm(ctx));
    ctx.body = accounts.confirm(normaliseUsername(form.username), form.code, ctx.ip);
  });

  router.post('/public/resend-confirm', async (ctx) => {
    const form = parseOrReject(resendSchema, await readForm(ctx));
    ctx.body = accounts.resendCode(normaliseUsername(form.username), ctx.ip);
  });

  router.post('/public/login', async (ctx) => {
    const form = parseOrReject(loginSchema, await readForm(ctx));
    const { sessionId, message, deviceCookie } = await accounts.logIn(normaliseUsername(form.username), form.password, ctx.ip, {
      sessionId: ctx.cookies.get(SESSION_COOKIE),
      deviceCookie: ctx.cookies.get(DEVICE_COOKIE),
    });
    setSessionCookies(ctx, sessionId, options.secureCookies);
    setDeviceCookie(ctx, deviceCookie);
    ctx.body = { message };
  });

  router.post('/public/forgot-password', async (ctx) => {
    const form = parseOrReject(forgotSchema, await readForm(ctx));
    ctx.body = accounts.forgotPassword(normaliseUsername(form.username), ctx.ip);
  });

  router.post('/public/reset-password', async (ctx) => {
    const form = parseOrReject(resetSchema, await readForm(ctx));
    const { message, deviceCookie } = await accounts.resetPassword(normaliseUsername(form.username), form.id, form.password, ctx.ip);
    setDeviceCookie(ctx, deviceCookie);
    ctx.body = { message };
  });

  router.get('/api/logout', (ctx) => {
    ctx.body = accounts.logOut(ctx.state.session?.idHash);
    clearSessionCookies(ctx, options.secureCookies);
  });

  return router;
}
