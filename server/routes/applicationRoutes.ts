import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import * as v from 'valibot';
import { addAnotherSchema, lastPageSchema, tabSchema, validateAnswerPayload, webStatusSchema } from '../../src/catalogue/schema';
import type { CollegeConfig } from '../../src/college/schema';
import { APPLICATION_SERVICE_MESSAGES, createApplicationService, type ApplicationDeps } from '../application/applicationService';
import { VALIDATION_REPORT_LIMITS, checkValidationReport } from '../application/validationReport';
import { badRequest } from '../http/errors';
import { readJsonObject } from '../http/jsonBody';
import { currentSession, requireSession, type SessionState } from '../http/session';
import { validate } from '../http/validate';

/** Only the latest report is kept, and a report too large or too wide is refused before it costs anything. */
const validationReportSchema = v.pipe(
  v.custom<Record<string, unknown>>((body) => typeof body === 'object' && body !== null),
  v.transform(checkValidationReport),
);

/**
 * The version a client last saw, sent as `If-Match: "12"` (or 12). Without it a save simply
 * merges; with it a save that would overwrite a newer change is refused with 409.
 */
function baseVersionOf(header: string): number | undefined {
  if (header === '') return undefined;
  const match = /^(?:W\/)?"?(\d{1,15})"?$/.exec(header.trim());
  if (!match) throw badRequest('If-Match must be the answers version, such as "12".');
  return Number(match[1]);
}

/**
 * A save's input, checked before the service sees it and in this order: a body that is JSON, an
 * If-Match that is a version, then the answers by the catalogue's payload schema for the college
 * (a refusal names the answer in `key`).
 */
async function saveInput(ctx: Context, college: CollegeConfig) {
  const payload = await readJsonObject(ctx);
  const baseVersion = baseVersionOf(ctx.get('if-match'));
  const checked = validateAnswerPayload(payload, college);
  if (!checked.ok) throw badRequest(checked.message, checked.key ? { key: checked.key } : {});
  return { answers: checked.answers, baseVersion };
}

/**
 * The calls of a logged-in applicant: each a session check, a check of its payload and a thin
 * handler calling the application service. The two every page makes constantly (the profile and
 * a save) are answered by exact method and path, before any router is walked (`hotRoutes`).
 */
export function applicationRoutes(deps: ApplicationDeps): {
  router: Router<SessionState>;
  hotRoutes: Record<string, Middleware<SessionState>>;
} {
  const service = createApplicationService(deps);
  const router = new Router<SessionState>();
  router.use('/api', requireSession);

  const profile: Middleware<SessionState> = (ctx) => {
    ctx.type = 'application/json';
    ctx.body = service.profile(currentSession(ctx));
  };
  const saveAnswers: Middleware<SessionState> = async (ctx) => {
    const { answers, baseVersion } = await saveInput(ctx, deps.college);
    const { version } = await service.saveAnswers(currentSession(ctx), answers, baseVersion);
    ctx.body = { message: APPLICATION_SERVICE_MESSAGES.saved, version };
  };
  const withSession =
    (route: Middleware<SessionState>): Middleware<SessionState> =>
    async (ctx, next) => {
      await requireSession(ctx, async () => {
        await route(ctx, next);
      });
    };
  const hotRoutes = { 'GET /api/profile': withSession(profile), 'PUT /api/answer': withSession(saveAnswers) };

  router.put('/api/last-page', validate(lastPageSchema), (ctx) => {
    service.saveLastPage(currentSession(ctx), ctx.state.input.last_page);
    ctx.body = { message: 'Saved.' };
  });

  router.post('/api/web-status', validate(webStatusSchema), (ctx) => {
    ctx.body = { message: 'Saved.', web_status: service.recordWebStatus(currentSession(ctx), ctx.state.input.web_status) };
  });

  router.post('/api/validations', validate(validationReportSchema, { maxBytes: VALIDATION_REPORT_LIMITS.maxBytes }), (ctx) => {
    service.saveValidationReport(currentSession(ctx), ctx.state.input);
    ctx.body = { message: 'Saved.' };
  });

  router.post('/api/submit', async (ctx) => {
    const { submittedAt, reference } = await service.submit(currentSession(ctx));
    ctx.body = { message: APPLICATION_SERVICE_MESSAGES.submitted, submitted_at: submittedAt, reference };
  });

  router.get('/api/add-another', (ctx) => {
    ctx.body = service.addAnotherCounts(currentSession(ctx));
  });
  router.put('/api/add-another', validate(addAnotherSchema), async (ctx) => {
    const { button_id, num_components } = ctx.state.input;
    await service.setAddAnotherCount(currentSession(ctx), button_id, num_components);
    ctx.body = { message: 'Saved.', button_id, num_components };
  });

  router.get('/api/tabs', (ctx) => {
    ctx.body = service.tabs(currentSession(ctx));
  });
  router.put('/api/tabs', validate(tabSchema), (ctx) => {
    const { tab_id, chosen_tab } = ctx.state.input;
    const { cleared } = service.chooseTab(currentSession(ctx), tab_id, chosen_tab);
    ctx.body = { message: 'Saved.', tab_id, chosen_tab, cleared };
  });

  return { router, hotRoutes };
}
