import { Router } from '@koa/router';
import {
  applicationDocumentPath,
  applicationDocumentQuery,
  applicationListQuery,
  applicationPath,
} from '../../src/catalogue/schema/staffApplications';
import type { Db } from '../../db/connection';
import type { StaffApplicationDetail } from '../application/staffApplicationDetail';
import type { StaffApplications } from '../application/staffApplications';
import type { Clock } from '../clock';
import { sendPdfAttachment } from '../http/pdfAttachment';
import { currentStaff, loadStaffSession, requireStaff, type StaffState } from '../http/staffSession';
import { validate } from '../http/validate';

/**
 * Finding and reading applications, for a signed-in staff member of any role (the staff cookie,
 * never an applicant's): who is asking → its role → `validate(schema)` → the service, which
 * writes every access to the access log.
 */
export function staffApplicationRoutes(
  services: { applications: StaffApplications; detail: StaffApplicationDetail },
  deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean },
): Router<StaffState> {
  const { applications, detail } = services;
  const router = new Router<StaffState>();
  router.use('/api/staff/applications', loadStaffSession(deps));
  const reader = (ctx: Parameters<typeof currentStaff>[0]) => ({ staffId: currentStaff(ctx).staffId, client: ctx.ip });
  const onePath = validate(applicationPath, { from: 'path' });

  router.get('/api/staff/applications', requireStaff('reader'), validate(applicationListQuery, { from: 'query' }), (ctx) => {
    ctx.body = applications.list(ctx.state.input, reader(ctx));
  });

  router.get('/api/staff/applications/:id', requireStaff('reader'), onePath, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = detail.read(ctx.state.input.id, reader(ctx));
  });

  router.get(
    '/api/staff/applications/:id/document-answer/:key',
    requireStaff('reader'),
    validate(applicationDocumentPath, { from: 'path' }),
    (ctx) => {
      ctx.body = detail.documentStatus(ctx.state.input.id, ctx.state.input.key);
    },
  );

  router.get(
    '/api/staff/applications/:id/document',
    requireStaff('reader'),
    validate(applicationDocumentQuery, { from: 'query' }),
    async (ctx) => {
      const { id, key } = ctx.state.input;
      const { bytes, fileName } = await detail.document(id, key, reader(ctx));
      sendPdfAttachment(ctx, bytes, fileName);
    },
  );

  router.get('/api/staff/applications/:id/pdf-copy/status', requireStaff('reader'), onePath, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = detail.pdfCopyState(ctx.state.input.id);
  });

  router.get('/api/staff/applications/:id/pdf-copy', requireStaff('reader'), onePath, async (ctx) => {
    const { bytes, fileName } = await detail.pdfCopy(ctx.state.input.id, reader(ctx));
    sendPdfAttachment(ctx, bytes, fileName);
  });

  router.post('/api/staff/applications/:id/share-link', requireStaff('reader'), onePath, (ctx) => {
    ctx.status = 201;
    ctx.body = detail.shareLink(ctx.state.input.id, reader(ctx));
  });

  return router;
}
