import { createReadStream } from 'node:fs';
import { Router } from '@koa/router';
import { exportRequestSchema, zipExportBody, zipExportPath } from '../../src/catalogue/schema/staffExports';
import type { Db } from '../../db/connection';
import type { Clock } from '../clock';
import type { StaffExports } from '../exports/staffExports';
import type { ZipExports } from '../exports/zipExportService';
import { currentStaff, loadStaffSession, requireStaff, type StaffState } from '../http/staffSession';
import { validate } from '../http/validate';

/**
 * The admins' exports of the filtered list (the staff cookie, the admin role, never an
 * applicant's): who is asking → its role → `validate(schema)` → the service. Each file is sent as
 * a download no cache keeps; a spreadsheet is written as it is read and the ZIP streamed from its
 * file, never held whole.
 */
export function staffExportRoutes(
  services: { exports: StaffExports; zipExports: ZipExports },
  deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean },
): Router<StaffState> {
  const { exports, zipExports } = services;
  const router = new Router<StaffState>();
  router.use('/api/staff/exports', loadStaffSession(deps));
  const caller = (ctx: Parameters<typeof currentStaff>[0]) => ({ staffId: currentStaff(ctx).staffId, client: ctx.ip });

  router.post('/api/staff/exports', requireStaff('admin'), validate(exportRequestSchema), (ctx) => {
    const staff = currentStaff(ctx);
    const file = exports.open(ctx.state.input, { staffId: staff.staffId, client: ctx.ip, factorConfirmedAt: staff.factorConfirmedAt });
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = file.contentType;
    ctx.body = file.body;
  });

  router.post('/api/staff/exports/zip', requireStaff('admin'), validate(zipExportBody), (ctx) => {
    ctx.status = 202;
    ctx.body = zipExports.start(ctx.state.input, caller(ctx));
  });

  router.get('/api/staff/exports/zip/:job', requireStaff('admin'), validate(zipExportPath, { from: 'path' }), (ctx) => {
    ctx.body = zipExports.status(ctx.state.input.job, caller(ctx));
  });

  router.get('/api/staff/exports/zip/:job/download', requireStaff('admin'), validate(zipExportPath, { from: 'path' }), (ctx) => {
    const { path, size, fileName } = zipExports.download(ctx.state.input.job, caller(ctx));
    ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/zip';
    ctx.length = size;
    ctx.body = createReadStream(path);
  });

  return router;
}
