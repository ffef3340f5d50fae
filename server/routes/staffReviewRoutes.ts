import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { Db } from '../../db/connection';
import { applicationPath } from '../../src/catalogue/schema/staffApplications';
import {
  assignment,
  decisionSubmission,
  noteSubmission,
  releasePath,
  releasePreparation,
  reviewSubmission,
} from '../../src/catalogue/schema/staffReviews';
import type { CollegeConfig } from '../../src/college/schema';
import type { ReleaseService } from '../application/releaseService';
import type { ReviewService, StaffCaller } from '../application/reviewService';
import type { Clock } from '../clock';
import { currentStaff, loadStaffSession, requireStaff, type StaffState } from '../http/staffSession';
import { validate } from '../http/validate';

/**
 * Reviews, notes, the review queue, decisions and releases: who is asking → its role →
 * `validate(schema)` → the service, which writes each step to the access log. Readers read and
 * add notes; reviewers also claim and review; admins also assign, decide and release.
 */
export function staffReviewRoutes(
  services: { reviews: ReviewService; releases: ReleaseService },
  deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean; college: CollegeConfig },
): Router<StaffState> {
  const { reviews, releases } = services;
  const router = new Router<StaffState>();
  for (const prefix of ['/api/staff/applications', '/api/staff/review-queue', '/api/staff/releases']) {
    router.use(prefix, loadStaffSession(deps));
  }
  const caller = (ctx: Context): StaffCaller => {
    const staff = currentStaff(ctx);
    return { staffId: staff.staffId, role: staff.role, client: ctx.ip };
  };
  const onePath = validate(applicationPath, { from: 'path' });
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

  router.get('/api/staff/applications/:id/evaluation', requireStaff('reader'), onePath, (ctx) => {
    noStore(ctx);
    ctx.body = reviews.read(ctx.state.input.id, caller(ctx));
  });

  router.post('/api/staff/applications/:id/notes', requireStaff('reader'), validate(noteSubmission), (ctx) => {
    ctx.status = 201;
    ctx.body = reviews.addNote(ctx.state.input.id, ctx.state.input.text, caller(ctx));
  });

  router.post('/api/staff/applications/:id/claim', requireStaff('reviewer'), onePath, (ctx) => {
    ctx.body = reviews.claim(ctx.state.input.id, caller(ctx));
  });

  router.post('/api/staff/applications/:id/reviews', requireStaff('reviewer'), validate(reviewSubmission(deps.college.review)), (ctx) => {
    ctx.status = 201;
    ctx.body = reviews.submit(ctx.state.input, caller(ctx));
  });

  router.post('/api/staff/applications/:id/assignments', requireStaff('admin'), validate(assignment), (ctx) => {
    ctx.status = 201;
    ctx.body = reviews.assign(ctx.state.input.id, ctx.state.input.staff_id, caller(ctx));
  });

  router.post(
    '/api/staff/applications/:id/decisions',
    requireStaff('admin'),
    validate(decisionSubmission(deps.college.decisions)),
    (ctx) => {
      const who = caller(ctx);
      ctx.status = 201;
      ctx.body = releases.decide(ctx.state.input, who, (id) => reviews.evaluation(id, who));
    },
  );

  router.get('/api/staff/review-queue', requireStaff('reviewer'), (ctx) => {
    noStore(ctx);
    ctx.body = reviews.queue(caller(ctx));
  });

  router.post('/api/staff/review-queue/next', requireStaff('reviewer'), (ctx) => {
    ctx.body = reviews.claimNext(caller(ctx));
  });

  router.post('/api/staff/releases/rehearsal', requireStaff('admin'), validate(releasePreparation), (ctx) => {
    ctx.body = releases.rehearse(ctx.state.input, caller(ctx));
  });

  router.get('/api/staff/releases', requireStaff('admin'), (ctx) => {
    noStore(ctx);
    ctx.body = releases.list();
  });

  router.post('/api/staff/releases', requireStaff('admin'), validate(releasePreparation), (ctx) => {
    ctx.status = 201;
    ctx.body = releases.prepare(ctx.state.input, caller(ctx));
  });

  router.get('/api/staff/releases/:id', requireStaff('admin'), validate(releasePath, { from: 'path' }), (ctx) => {
    noStore(ctx);
    ctx.body = releases.read(ctx.state.input.id);
  });

  router.post('/api/staff/releases/:id/approve', requireStaff('admin'), validate(releasePath, { from: 'path' }), (ctx) => {
    ctx.body = releases.approve(ctx.state.input.id, caller(ctx));
  });

  router.post('/api/staff/releases/:id/recall', requireStaff('admin'), validate(releasePath, { from: 'path' }), (ctx) => {
    ctx.body = releases.recall(ctx.state.input.id, caller(ctx));
  });

  return router;
}
