import type { Context } from 'koa';

/**
 * A stored PDF sent as a download: an attachment under a name made of header-safe characters
 * only, and never kept by a browser or a proxy.
 */
export function sendPdfAttachment(ctx: Context, bytes: Buffer, fileName: string): void {
  ctx.set('Content-Disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'application/pdf';
  ctx.body = bytes;
}
