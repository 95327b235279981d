import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { pickLanguage } from '../domain/i18n/language';
import { databaseConflict, errorReply, isDatabaseUnavailable } from './http/errors';
import type { AppEnv, ServerDeps } from './http/env';
import openApiDocument from './http/openapi.json';
import { enforceTwoFactorSetup, loadSession, reachedOverHttps, requireUser, verifyXsrf } from './http/session';
import { enforcePasswordChange } from './http/passwordChange';
import { passwordResetRoutes } from './account/passwordResetRoutes';
import { accountRoutes } from './account/securityRoutes';
import { apiTokenRoutes } from './account/apiTokenRoutes';
import { calendarRoutes } from './appointments/routes/calendar';
import { completionRoutes } from './appointments/routes/completion';
import { reportFileRoutes } from './appointments/routes/reportFiles';
import { seriesRoutes } from './appointments/routes/series';
import { visitRoutes } from './appointments/routes/visits';
import { auditRoutes } from './admin/audits/routes';
import { organisationRoutes } from './admin/organisation/routes';
import { roleRoutes } from './admin/roles/routes';
import { userAdminRoutes } from './admin/users/routes';
import { codeRoutes } from './admin/codes/routes';
import { listRoutes } from './admin/lists/routes';
import { attachmentRoutes } from './attachments/routes';
import { clientRoutes } from './clients/routes';
import { authRoutes } from './account/signInRoutes';
import { productRoutes } from './products/routes';
import { profileRoutes } from './account/profileRoutes';
import { orderRoutes } from './sales/orders/routes';
import { quotationRoutes } from './sales/quotations/routes';
import { receiptRoutes } from './sales/receipts/routes';
import { documentRoutes } from './documents/routes';
import { dashboardRoutes } from './dashboard/routes';
import { reportRoutes } from './reports/routes';
import { documentLinkRoutes } from './links/routes';
import { publicDocumentRoutes } from './links/publicRoutes';
import { jobRoutes } from './jobs/routes';
import { mailRoutes } from './mail/routes';
import { reminderRoutes } from './reminders/routes';
import { statementRoutes } from './statements/routes';

/**
 * The reference back end as a Hono app on web-standard Request/Response. It uses no Node-only API:
 * the host (server/main.ts in Node, later the in-browser fake backend) passes in what it needs.
 */
export function createServerApp(deps: ServerDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // FullCalendar and React set style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      // Only over HTTPS (below): a browser ignores it over plain HTTP, and it must not be sent there.
      strictTransportSecurity: false,
    }),
  );

  app.use(
    '*',
    createMiddleware<AppEnv>(async (c, next) => {
      c.set('deps', deps);
      await next();
      if (reachedOverHttps(c)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }),
  );

  app.use('/api/*', async (c, next) => {
    c.set('language', pickLanguage(c.req.header('accept-language')));
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.use('/api/*', loadSession);
  app.use('/api/*', verifyXsrf);
  app.use('/api/*', enforcePasswordChange);
  app.use('/api/*', enforceTwoFactorSetup);

  app.route('/api', authRoutes());
  // "Forgot password?" and its link: public (issue 21 item 8).
  app.route('/api', passwordResetRoutes());
  app.route('/api', profileRoutes());
  app.route('/api', apiTokenRoutes());
  app.route('/api', accountRoutes());
  app.route('/api', clientRoutes());
  app.route('/api', attachmentRoutes());
  app.route('/api', productRoutes());
  app.route('/api', quotationRoutes());
  app.route('/api', orderRoutes());
  app.route('/api', receiptRoutes());
  app.route('/api', userAdminRoutes());
  app.route('/api', organisationRoutes());
  app.route('/api', roleRoutes());
  app.route('/api', listRoutes());
  app.route('/api', codeRoutes());
  app.route('/api', auditRoutes());
  app.route('/api', calendarRoutes());
  app.route('/api', seriesRoutes());
  app.route('/api', visitRoutes());
  app.route('/api', reportFileRoutes());
  app.route('/api', completionRoutes());
  app.route('/api', documentRoutes());
  app.route('/api', dashboardRoutes());
  app.route('/api', reportRoutes());
  app.route('/api', documentLinkRoutes());
  // Customer links: no sign-in, only the linked document (docs/security.md).
  app.route('/api', publicDocumentRoutes());
  app.route('/api', jobRoutes());
  app.route('/api', mailRoutes());
  app.route('/api', reminderRoutes());
  app.route('/api', statementRoutes());
  // The API described (OpenAPI 3.1, made from the server's zod schemas by tests/server/openapi.test.ts).
  app.get('/api/openapi.json', requireUser, (c) => c.json(openApiDocument));

  app.all('/api/*', (c) => errorReply(c, 404, 'errors.notFound'));

  app.onError((error, c) => {
    if (!c.var.language) c.set('language', pickLanguage(c.req.header('accept-language')));
    // Another request won a race at the database (a unique name taken, a deadlock): the change was rolled back.
    const conflict = databaseConflict(error);
    if (conflict) return errorReply(c, 409, conflict === 'duplicate' ? 'errors.duplicate' : 'errors.conflict');
    console.error(`[server] ${c.req.method} ${new URL(c.req.url).pathname}:`, error);
    // Never the error itself in the reply: no stack, no SQL, only the message for people.
    return isDatabaseUnavailable(error) ? errorReply(c, 503, 'errors.unavailable') : errorReply(c, 500, 'errors.server');
  });

  return app;
}
