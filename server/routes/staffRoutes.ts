import { Router } from '@koa/router';
import type * as v from 'valibot';
import {
  staffAccountPath,
  staffInvitationQuery,
  staffInviteSchema,
  staffLoginSchema,
  staffPasskeyOptionsSchema,
  staffPasskeyRegistrationSchema,
  staffPasskeySignInSchema,
  staffPasswordSchema,
  staffRoleSchema,
  staffSecondFactorSchema,
  staffTotpSetupSchema,
} from '../../src/catalogue/schema/staff';
import type { Clock } from '../clock';
import type { Db } from '../../db/connection';
import type { StaffPasskeys } from '../accounts/staffPasskeys';
import { STAFF_SERVICE_MESSAGES, type StaffService } from '../accounts/staffService';
import { ACCOUNT_FORM_MAX_BYTES } from '../http/bodyLimits';
import {
  clearStaffSessionCookie,
  currentStaff,
  loadStaffSession,
  requireStaff,
  setStaffSessionCookie,
  staffCookieIdHash,
  type StaffState,
} from '../http/staffSession';
import { validate } from '../http/validate';

/**
 * The staff calls. Anyone: an invitation's steps (and a passkey after them) and the two steps of a sign-in
 * (`/public/staff/…`). A signed-in staff member (the staff cookie, never an applicant's): the
 * rest (`/api/staff/…`), each route who is asking → its role → `validate(schema)` → the staff service.
 */
export function staffRoutes(
  staff: StaffService,
  passkeys: StaffPasskeys,
  deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean },
): Router<StaffState> {
  const router = new Router<StaffState>();
  const { secureCookies } = deps;
  const form = <TSchema extends v.GenericSchema>(schema: TSchema) => validate(schema, { maxBytes: ACCOUNT_FORM_MAX_BYTES });
  router.use('/api/staff', loadStaffSession(deps));

  router.get('/public/staff/invitation', validate(staffInvitationQuery, { from: 'query' }), (ctx) => {
    ctx.body = staff.invitation(ctx.state.input.id, ctx.ip);
  });

  router.post('/public/staff/invitation/password', form(staffPasswordSchema), async (ctx) => {
    const { input } = ctx.state;
    ctx.body = await staff.choosePassword(input.id, input.password, ctx.ip);
  });

  router.post('/public/staff/invitation/totp', form(staffTotpSetupSchema), (ctx) => {
    const { input } = ctx.state;
    ctx.body = staff.confirmTotp(input.id, input.code, ctx.ip);
  });

  router.post('/public/staff/login', form(staffLoginSchema), async (ctx) => {
    const { input } = ctx.state;
    const { sessionId, message } = await staff.signIn(input.email, input.password, ctx.ip, staffCookieIdHash(ctx, deps.secret));
    setStaffSessionCookie(ctx, sessionId, secureCookies);
    ctx.body = { message };
  });

  router.post('/public/staff/login/code', form(staffSecondFactorSchema), (ctx) => {
    const { sessionId, ...signedIn } = staff.secondFactor(staffCookieIdHash(ctx, deps.secret), ctx.state.input.code, ctx.ip);
    setStaffSessionCookie(ctx, sessionId, secureCookies);
    ctx.body = signedIn;
  });

  // A passkey: added on the invitation page once the account is set up; used at a sign-in instead of a code.
  router.post('/public/staff/invitation/passkey/options', form(staffPasskeyOptionsSchema), async (ctx) => {
    ctx.body = await passkeys.registrationOptions(ctx.state.input.id, ctx.ip);
  });

  router.post('/public/staff/invitation/passkey', form(staffPasskeyRegistrationSchema), async (ctx) => {
    const { input } = ctx.state;
    ctx.body = await passkeys.register(input.id, input.response, ctx.ip);
  });

  router.post('/public/staff/login/passkey/options', async (ctx) => {
    ctx.body = await passkeys.signInOptions(staffCookieIdHash(ctx, deps.secret));
  });

  router.post('/public/staff/login/passkey', form(staffPasskeySignInSchema), async (ctx) => {
    const { sessionId, ...signedIn } = await passkeys.signIn(staffCookieIdHash(ctx, deps.secret), ctx.state.input.response, ctx.ip);
    setStaffSessionCookie(ctx, sessionId, secureCookies);
    ctx.body = signedIn;
  });

  router.post('/api/staff/logout', (ctx) => {
    ctx.body = staff.signOut(staffCookieIdHash(ctx, deps.secret));
    clearStaffSessionCookie(ctx, secureCookies);
  });

  router.get('/api/staff/me', requireStaff('reader'), (ctx) => {
    const { email, role } = currentStaff(ctx);
    ctx.body = { email, role };
  });

  router.post('/api/staff/reauth', requireStaff('admin'), form(staffSecondFactorSchema), (ctx) => {
    ctx.body = staff.confirmSecondFactor(currentStaff(ctx), ctx.state.input.code, ctx.ip);
  });

  router.get('/api/staff/accounts', requireStaff('admin'), (ctx) => {
    ctx.body = { accounts: staff.listAccounts() };
  });

  router.post('/api/staff/invitations', requireStaff('admin'), form(staffInviteSchema), (ctx) => {
    const { input } = ctx.state;
    const { expiresAt } = staff.invite(input.email, input.role, currentStaff(ctx).staffId, ctx.ip);
    ctx.status = 201;
    ctx.body = {
      message: STAFF_SERVICE_MESSAGES.invited,
      email: input.email,
      role: input.role,
      expires_at: new Date(expiresAt).toISOString(),
    };
  });

  router.put('/api/staff/accounts/:id/role', requireStaff('admin'), form(staffRoleSchema), (ctx) => {
    const { input } = ctx.state;
    ctx.body = staff.changeRole(input.id, input.role, { staffId: currentStaff(ctx).staffId, client: ctx.ip });
  });

  router.post('/api/staff/accounts/:id/deactivate', requireStaff('admin'), validate(staffAccountPath, { from: 'path' }), (ctx) => {
    ctx.body = staff.deactivate(ctx.state.input.id, { staffId: currentStaff(ctx).staffId, client: ctx.ip });
  });

  return router;
}
