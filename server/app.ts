import Koa, { type Context } from 'koa';
import type { Db } from '../db/connection';
import { publicCollegeConfig, type CollegeConfig } from '../src/college/schema';
import { createAccessTokens } from './accounts/accessTokens';
import { createAccountService } from './accounts/accountService';
import { createStaffPasskeys } from './accounts/staffPasskeys';
import { createStaffService } from './accounts/staffService';
import { createDecisionLetters } from './application/decisionLetters';
import { createReleaseService } from './application/releaseService';
import { createReviewService } from './application/reviewService';
import { createStaffAccessLog } from './application/staffAccessLog';
import { createStaffApplicationDetail } from './application/staffApplicationDetail';
import { createStaffSso } from './accounts/staffSso';
import { createStaffApplications } from './application/staffApplications';
import { createStaffDashboard } from './application/staffDashboard';
import { createStaffExports } from './exports/staffExports';
import { createThrottle } from './accounts/throttle';
import { createTotp } from './accounts/totp';
import type { AnswerStore } from './application/answerStore';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import { errorMiddleware } from './http/errors';
import { exactRoutes } from './http/exactRoutes';
import { requestLog } from './http/requestLog';
import { sameSiteOnly } from './http/sameSiteOnly';
import { securityHeaders } from './http/securityHeaders';
import { loadSession, type SessionState } from './http/session';
import { modulePreloadHints } from './http/modulePreload';
import { collegeThemeMarkup } from './http/collegeThemeMarkup';
import { firstScreenRenderer } from './http/firstScreen';
import { pagePreload, preloadScript } from './http/pagePreload';
import { serveSpa } from './http/spa';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';
import { accessRoutes } from './routes/accessRoutes';
import { accountRoutes } from './routes/accountRoutes';
import { applicationRoutes } from './routes/applicationRoutes';
import { collegeRoutes } from './routes/collegeRoutes';
import { decisionRoutes } from './routes/decisionRoutes';
import { documentRoutes } from './routes/documentRoutes';
import { fileRoutes } from './routes/fileRoutes';
import { healthRoutes } from './routes/healthRoutes';
import { lookupRoutes } from './routes/lookupRoutes';
import { staffAccessLogRoutes } from './routes/staffAccessLogRoutes';
import { staffApplicationRoutes } from './routes/staffApplicationRoutes';
import { staffExportRoutes } from './routes/staffExportRoutes';
import { staffReviewRoutes } from './routes/staffReviewRoutes';
import { staffDashboardRoutes } from './routes/staffDashboardRoutes';
import { staffRoutes } from './routes/staffRoutes';
import { staffSsoRoutes } from './routes/staffSsoRoutes';
import { profileJson } from './application/profile';
import { createDocumentService } from './documents/documentService';
import { createZipExports } from './exports/zipExportService';
import { createCopyService } from './pdf/copyService';
import type { ObjectStore } from './storage/objectStore';

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Pick<ServerConfig, 'secret' | 'encryptionKey' | 'publicUrl' | 'secureCookies' | 'trustProxy' | 'clientLimitFactor' | 'staffSso'>;
  college: CollegeConfig;
  mailer: Mailer;
  logger: Logger;
  /** Where uploads, conversions and PDF copies live. */
  store: ObjectStore;
  /** The job runner, nudged when a request queues work. */
  jobs: { wake(): void };
  /** The release job, nudged when a release is approved. */
  releases: { wake(): void };
  /** Folder of the built front end; absent in API-only tests. */
  distDir?: string;
  answers: AnswerStore;
}

/** The whole HTTP application, not listening: main.ts and the tests decide where it runs. */
export function createApp(deps: AppDeps): Koa<SessionState> {
  const app = new Koa<SessionState>();
  // TRUST_PROXY proxies stand in front, each appending the address it saw to X-Forwarded-For:
  // Koa then takes the client address (ctx.ip, which every per-client limit keys on) that many
  // entries from the right, ignoring whatever the client wrote further left. A header with fewer
  // entries gives its leftmost one (the request skipped the outer proxies); none gives the socket's.
  app.proxy = deps.config.trustProxy > 0;
  app.maxIpsCount = deps.config.trustProxy;
  const { db, clock, college } = deps;
  const throttle = createThrottle({ db, clock, clientLimitFactor: deps.config.clientLimitFactor });
  const accounts = createAccountService({
    db,
    throttle,
    clock,
    secret: deps.config.secret,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    collegeName: college.name,
  });
  const staff = createStaffService({
    db,
    throttle,
    clock,
    secret: deps.config.secret,
    mailer: deps.mailer,
    totp: createTotp({ encryptionKey: deps.config.encryptionKey, issuer: `${college.name} admissions` }),
    publicUrl: deps.config.publicUrl,
    collegeName: college.name,
  });
  const tokens = createAccessTokens({ db, secret: deps.config.secret, now: () => clock.now() });
  const secureCookies = deps.config.secureCookies;

  // The log outside the error middleware, so that it records the status a refusal was given.
  app.use(requestLog(deps.logger));
  app.use(errorMiddleware(deps.logger));
  app.use(securityHeaders({ hsts: secureCookies, connectSources: deps.store.uploadOrigins }));
  if (secureCookies) {
    // The public address is https, so the browser's side of the connection is encrypted whatever
    // the proxy says (or omits) in X-Forwarded-Proto: Secure cookies may always be set.
    app.use((ctx, next) => {
      ctx.cookies.secure = true;
      return next();
    });
  }
  app.use(exactRoutes(healthRoutes({ db, logger: deps.logger })));
  app.use(sameSiteOnly(new URL(deps.config.publicUrl).origin));
  app.use(loadSession({ db, clock, secret: deps.config.secret, secureCookies }));

  const wake = () => deps.jobs.wake();
  const documents = createDocumentService({ db, clock, store: deps.store, secret: deps.config.secret, wake });
  const copies = createCopyService({ db, clock, secret: deps.config.secret, wake });

  const applicationDeps = {
    db,
    clock,
    college,
    answers: deps.answers,
    onSubmitted: (submission: Parameters<typeof accounts.sendReceipt>[0]) => accounts.sendReceipt(submission),
  };
  const application = applicationRoutes(applicationDeps);
  app.use(exactRoutes(application.hotRoutes));
  // Staff calls read the staff cookie only; the applicants' routers below never see a staff member.
  const passkeys = createStaffPasskeys({
    db,
    throttle,
    clock,
    secret: deps.config.secret,
    publicUrl: deps.config.publicUrl,
    collegeName: college.name,
  });
  const staffRouter = staffRoutes(staff, passkeys, { db, clock, secret: deps.config.secret, secureCookies });
  app.use(staffRouter.routes());
  app.use(staffRouter.allowedMethods());
  const staffSso = deps.config.staffSso
    ? createStaffSso({
        config: deps.config.staffSso,
        publicUrl: deps.config.publicUrl,
        secret: deps.config.secret,
        clock,
        db,
        logger: deps.logger,
        staff,
      })
    : undefined;
  const staffSsoRouter = staffSsoRoutes(staffSso, { secret: deps.config.secret, secureCookies });
  app.use(staffSsoRouter.routes());
  app.use(staffSsoRouter.allowedMethods());
  const staffDeps = { db, clock, secret: deps.config.secret, secureCookies };
  const staffApplications = {
    applications: createStaffApplications({ db, clock, decisionCodes: college.decisions.map(({ code, label }) => ({ code, label })) }),
    detail: createStaffApplicationDetail({
      db,
      clock,
      answers: deps.answers,
      documents,
      copies,
      store: deps.store,
      tokens,
      publicUrl: deps.config.publicUrl,
    }),
  };
  for (const router of [
    staffApplicationRoutes(staffApplications, staffDeps),
    staffAccessLogRoutes(createStaffAccessLog({ db }), staffDeps),
    staffExportRoutes(
      { exports: createStaffExports({ db, clock, answers: deps.answers }), zipExports: createZipExports({ db, clock, wake }) },
      staffDeps,
    ),
    staffDashboardRoutes(createStaffDashboard({ db, clock }), staffDeps),
    staffReviewRoutes(
      {
        reviews: createReviewService({ db, clock, college }),
        releases: createReleaseService({ db, clock, college, wake: () => deps.releases.wake() }),
      },
      { ...staffDeps, college },
    ),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  for (const router of [
    accountRoutes(accounts, { secureCookies }),
    application.router,
    documentRoutes({ documents, copies }),
    decisionRoutes(createDecisionLetters({ db, clock, collegeName: college.name })),
    accessRoutes({ db, tokens, copies, documents, answers: deps.answers }),
    fileRoutes({ store: deps.store, documents, copies, tokens }),
    lookupRoutes({ db }),
    collegeRoutes(college),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  if (deps.distDir) {
    const preload = pagePreload({
      collegeJson: JSON.stringify(publicCollegeConfig(college)),
      profileJson: (session) => profileJson(db, deps.answers, session.userId, session.username),
    });
    const hints = modulePreloadHints(deps.distDir);
    const theme = collegeThemeMarkup(college.theme);
    const firstScreen = firstScreenRenderer(deps.distDir, deps.logger);
    const page = async (ctx: Context) => {
      const preloaded = preload(ctx);
      return {
        head: hints(ctx.path) + preloadScript(preloaded) + theme.head,
        firstScreen: await firstScreen({ pathname: ctx.path, search: ctx.search, cookie: ctx.get('cookie'), preloaded }),
      };
    };
    app.use(serveSpa(deps.distDir, page, theme.htmlAttributes));
  }
  return app;
}
