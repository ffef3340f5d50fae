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
import type * as v from 'valibot';
import type { AccountService } from '../accounts/accountService';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_COOKIE_TTL_MS } from '../accounts/deviceCookie';
import { SESSION_COOKIE } from '../accounts/sessionPolicy';
import { ACCOUNT_FORM_MAX_BYTES } from '../http/bodyLimits';
import { clearSessionCookies, setSessionCookies, type SessionState } from '../http/session';
import { validate } from '../http/validate';

/** The account calls: each validates with the shared schema, then calls the account service. */
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
  const form = <TSchema extends v.GenericSchema>(schema: TSchema) => validate(schema, { maxBytes: ACCOUNT_FORM_MAX_BYTES });

  router.post('/public/signup', form(signupSchema), async (ctx) => {
    const { input } = ctx.state;
    ctx.body = await accounts.signUp(normaliseUsername(input.username), input.password, ctx.ip);
  });

  router.post('/public/confirm', form(confirmSchema), (ctx) => {
    const { input } = ctx.state;
    ctx.body = accounts.confirm(normaliseUsername(input.username), input.code, ctx.ip);
  });

  router.post('/public/resend-confirm', form(resendSchema), (ctx) => {
    const { input } = ctx.state;
    ctx.body = accounts.resendCode(normaliseUsername(input.username), ctx.ip);
  });

  router.post('/public/login', form(loginSchema), async (ctx) => {
    const { input } = ctx.state;
    const { sessionId, message, deviceCookie } = await accounts.logIn(normaliseUsername(input.username), input.password, ctx.ip, {
      sessionId: ctx.cookies.get(SESSION_COOKIE),
      deviceCookie: ctx.cookies.get(DEVICE_COOKIE),
    });
    setSessionCookies(ctx, sessionId, options.secureCookies);
    setDeviceCookie(ctx, deviceCookie);
    ctx.body = { message };
  });

  router.post('/public/forgot-password', form(forgotSchema), (ctx) => {
    const { input } = ctx.state;
    ctx.body = accounts.forgotPassword(normaliseUsername(input.username), ctx.ip);
  });

  router.post('/public/reset-password', form(resetSchema), async (ctx) => {
    const { input } = ctx.state;
    const { message, deviceCookie } = await accounts.resetPassword(normaliseUsername(input.username), input.id, input.password, ctx.ip);
    setDeviceCookie(ctx, deviceCookie);
    ctx.body = { message };
  });

  router.get('/api/logout', (ctx) => {
    ctx.body = accounts.logOut(ctx.state.session?.idHash);
    clearSessionCookies(ctx, options.secureCookies);
  });

  return router;
}
