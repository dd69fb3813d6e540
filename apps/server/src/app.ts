import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API, ZHealth } from '@app/contracts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { demoRoutes } from './demo/demo.routes.js';
import { registerAccessModule } from './modules/access/access.module.js';
import { registerAlertsModule } from './modules/alerts/alerts.module.js';
import { registerReportsModule } from './modules/reports/reports.module.js';
import { registerAuditModule } from './modules/audit/audit.module.js';
import { registerInventoryModule } from './modules/inventory/inventory.module.js';
import { registerLoyaltyModule } from './modules/loyalty/loyalty.module.js';
import { registerProductModule } from './modules/product/product.module.js';
import { registerPurchasingModule } from './modules/purchasing/purchasing.module.js';
import { registerSalesModule } from './modules/sales/sales.module.js';
import { registerSubscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { cancelSubscriptionOfDeletedBusiness } from './modules/subscriptions/subscriptions.service.js';
import type { BillingProvider } from './modules/subscriptions/billing/billing-provider.js';
import { createSandboxBilling } from './modules/subscriptions/billing/sandbox-billing.js';
import { createStripeBilling } from './modules/subscriptions/billing/stripe-billing.js';
import { registerPaymentsModule } from './modules/payments/payments.module.js';
import {
  createSandboxPaymentAccounts,
  createStripePaymentAccounts,
} from './modules/payments/payment-accounts.js';
import { registerStockMovementsModule } from './modules/stock-movements/stock-movements.module.js';
import { createAccessTokens } from './platform/auth/access-token.js';
import { registerAuthGuard } from './platform/auth/guard.js';
import { createFileBlobStorage, type BlobStorage } from './platform/blobs/blob-storage.js';
import { systemClock, type Clock } from './platform/clock.js';
import { blobsRoutes } from './platform/blobs/blobs.routes.js';
import type { Config } from './platform/config.js';
import type { Db } from './platform/db/database.js';
import { createNotificationListener } from './platform/db/notifications.js';
import { primaryOnly, type ReadRouting } from './platform/db/read-replica.js';
import { createSessionCheck } from './platform/db/session-check.js';
import { createStripeClient } from './platform/stripe/stripe-client.js';
import { AppError } from './platform/http/app-error.js';
import { registerCompression } from './platform/http/compression.js';
import { registerOperations } from './platform/http/operations.js';
import { postgresRateLimitStore } from './platform/http/rate-limit-store.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { API_SECURITY_HEADERS, computeDocumentHeaders } from './platform/http/security-headers.js';
import { loggerOptions } from './platform/http/logging.js';
import { toFastifyTrustProxy } from './platform/http/trust-proxy.js';
import { registerSitePages } from './platform/http/site-pages.js';
import { registerWebApp } from './platform/http/web-app.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import { createMailOutbox, registerMailWorker } from './platform/mail/mail-outbox.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { readOrCreateMailboxKey, registerMailbox } from './platform/mail/mailbox.routes.js';

/** The OpenAPI document's global tags, one per area of the API. */
export const API_TAGS = [
  { name: 'platform', description: 'Health and the API description' },
  { name: 'auth', description: 'Sign-up, sign-in, sessions, e-mail links' },
  { name: 'users', description: 'Staff accounts and the signed-in user' },
  { name: 'businesses', description: 'The business and its set-up' },
  { name: 'blobs', description: 'Images of the business' },
  { name: 'locations', description: 'Places of the business, and card readers' },
  { name: 'stores', description: 'Stores: image, QR code, basket weighing' },
  { name: 'public-stores', description: 'A store’s name, hours and image behind its QR code (no token)' },
  { name: 'warehouses', description: 'Warehouses' },
  { name: 'products', description: 'Products per location, barcodes, search' },
  { name: 'categories', description: 'Product categories per location' },
  { name: 'suppliers', description: 'Suppliers' },
  { name: 'carrying-containers', description: 'Baskets, carts and bags of a store' },
  { name: 'discounts', description: 'Per-product discounts per location' },
  { name: 'inventory', description: 'Stock per location, its ledger, spreadsheets' },
  { name: 'stock-movements', description: 'Stock moved between locations, validated at both ends' },
  {
    name: 'purchasing',
    description: 'Orders to suppliers, what arrived of them, and suggested orders',
  },
  { name: 'cycle-counts', description: 'Counting shelves while the shop runs: count sheets and variances' },
  { name: 'audit', description: 'The audit log: who did what, read-only, and its export' },
  { name: 'subscriptions', description: 'Plans, the subscription of the business, its renewals' },
  { name: 'payments', description: 'The payment account (Stripe Connect) and Stripe’s webhook' },
  { name: 'sales', description: 'Checkouts at the stores, refunds, and their reads' },
  { name: 'sales-analytics', description: 'Rankings, trends, totals and filters of the sales' },
  {
    name: 'loyalty-templates',
    description: 'Designs of loyalty programmes: built-in and the business’s own',
  },
  { name: 'loyalty-program', description: 'The business’s loyalty programme and its overrides' },
  { name: 'loyalty-members', description: 'Members of the loyalty programme and their points' },
  { name: 'alerts', description: 'Broadcasts to the business or a store, and each user’s inbox' },
  {
    name: 'reports',
    description: 'Questions in plain language, predefined reports, forecasts and their export',
  },
];

export type AppOptions = {
  config: Config;
  db: Db;
  /** The table owner's pool, for maintenance work requests may not do (the mail deliveries). */
  ownerDb: Db;
  /** The job queue; its owner starts it after building the app and stops it after closing it. */
  jobs: JobQueue;
  /**
   * Where the analytics and report reads run (the read replica while it is fresh); its owner
   * closes it after the app. By default every read is on `db`.
   */
  readRouting?: ReadRouting;
  /** Overrides for tests; by default built from the config. */
  mailer?: Mailer;
  blobs?: BlobStorage;
  logger?: boolean;
  /** The time rules read (lockouts); tests move their own. */
  clock?: Clock;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The billing provider; by default the sandbox (tests pass one set to decline renewals). */
  billing?: BillingProvider;
  /** How often the running server queues the renewal sweep; none (tests) starts no timer. */
  renewalSweepEveryMs?: number;
  /** How often the loyalty points expiry sweep is queued; none in tests. */
  pointsExpirySweepEveryMs?: number;
  /** How often the check of movements waiting too long is queued; none in tests. */
  movementAlertsSweepEveryMs?: number;
  /** How often a live alert stream checks its session and pings (tests shorten it). */
  alertStreamHeartbeatMs?: number;
};

/** Builds the Fastify app: platform plugins first, then the modules, then the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, jobs } = options;
  const readRouting = options.readRouting ?? primaryOnly(db);
  const documentHeaders = computeDocumentHeaders(config.siteTrackers);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a URL that does not decode, a path parameter over its length)
    // come before any hook: answer them as every other error, with the security headers, and
    // without repeating the address.
    frameworkErrors: (error, request, reply) => {
      const isApi = request.url.startsWith('/api/');
      void (reply as FastifyReply)
        .code(400)
        .headers(isApi ? API_SECURITY_HEADERS : documentHeaders)
        .header('X-Request-Id', request.id)
        .send({
          code: 'BAD_REQUEST',
          message:
            error.code === 'FST_ERR_MAX_PARAM_LENGTH'
              ? 'A part of this address is too long.'
              : 'This address cannot be read: check its % escapes.',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The API takes JSON (and multipart where stated); a text/plain body is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Callback style, not async: this runs on every request and a promise per hook shows up.
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route's own path: an address spelled otherwise (`/%61pi/...`) reaches the same
    // route and must get the same headers. Unmatched addresses fall back to what was asked.
    const routePath = request.routeOptions.url ?? request.url;
    const isApi = routePath.startsWith('/api/') && !routePath.startsWith(API.docs);
    reply.headers(isApi ? API_SECURITY_HEADERS : documentHeaders).header('X-Request-Id', request.id);
    done();
  });

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: path.join(config.dataDir, 'mail'),
      log: app.log,
    });
  // Azure's SDK takes a quarter of a second to load: it is imported only when configured.
  const blobs =
    options.blobs ??
    (config.azureStorageConnectionString
      ? (await import('./platform/blobs/azure-blob-storage.js')).createAzureBlobStorage(
          config.azureStorageConnectionString,
        )
      : createFileBlobStorage(path.join(config.dataDir, 'blobs')));
  const tokens = createAccessTokens(config.jwtSecret);
  // Mail leaves through the job queue: services queue it in their transaction, this worker sends.
  registerMailWorker(jobs, { db: options.ownerDb, mailer, log: app.log });
  const mail = createMailOutbox(jobs);

  if (config.compression) await registerCompression(app);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in PostgreSQL: the same allowance whichever process behind a balancer answers.
    store: postgresRateLimitStore(db),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Retail Back-Office API', version: '1.0.0' },
      // Every route names one of these (test/platform/route-inventory.int.test.ts checks it).
      tags: API_TAGS,
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API.docs });

  const verifySession = createSessionCheck(db);
  registerAuthGuard(app, tokens, verifySession);
  registerOperations(app, {
    db,
    ownerDb: options.ownerDb,
    jobs,
    metricsToken: config.metricsToken,
    // A declared proxy connects from loopback for every visitor: the metrics then need the token.
    isBehindProxy: config.trustProxy !== false,
    readRouting,
  });
  // LISTEN/NOTIFY on one connection of its own, opened when the first live stream needs it.
  const notifications = createNotificationListener(db.$client.options.connectionString ?? '', app.log);
  app.addHook('onClose', async () => {
    await notifications.close();
  });

  app.get(
    API.health,
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        operationId: 'getHealth',
        summary: 'Liveness; the server listens only once migrated',
        response: { 200: ZHealth },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(API.openapi, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  const clock = options.clock ?? systemClock;
  // STRIPE_SECRET_KEY chooses Stripe for subscriptions and the payment account; else the sandbox.
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  const billing = options.billing ?? (stripe ? createStripeBilling(stripe) : createSandboxBilling());
  const subscriptionsDeps = { db, jobs, clock, billing, appUrl: config.appUrl, log: app.log };
  await registerAccessModule(
    app,
    {
      db,
      jobs,
      mail,
      tokens,
      blobs,
      appUrl: config.appUrl,
      log: app.log,
      clock,
      // Passed in, not imported: subscriptions reads access's services, so access may not import it.
      cancelSubscriptionOfDeletedBusiness: (scope) =>
        cancelSubscriptionOfDeletedBusiness(subscriptionsDeps, scope),
    },
    {
      authRateLimit: config.authRateLimit,
    },
  );
  await registerProductModule(app, { db, blobs, log: app.log, clock: options.clock ?? systemClock });
  await registerInventoryModule(app, { db, log: app.log, clock: options.clock ?? systemClock });
  await registerStockMovementsModule(
    app,
    { db, log: app.log, clock: options.clock ?? systemClock, jobs },
    { secret: config.jwtSecret },
  );
  await registerSalesModule(app, { db, clock: options.clock ?? systemClock, reads: readRouting.run });
  await registerPurchasingModule(app, { db, log: app.log, clock, mail });
  await registerAlertsModule(
    app,
    {
      db,
      clock: options.clock ?? systemClock,
      jobs,
      mail,
      appUrl: config.appUrl,
      log: app.log,
      notifications,
      verifySession,
    },
    { sweepEveryMs: options.movementAlertsSweepEveryMs, heartbeatMs: options.alertStreamHeartbeatMs },
  );
  await registerLoyaltyModule(
    app,
    { db, clock: options.clock ?? systemClock, jobs, log: app.log },
    { sweepEveryMs: options.pointsExpirySweepEveryMs },
  );
  await registerReportsModule(app, {
    db,
    reads: readRouting.run,
    clock: options.clock ?? systemClock,
    log: app.log,
    languageModel: config.languageModel,
  });
  await registerAuditModule(app, { db, clock: options.clock ?? systemClock });
  await registerSubscriptionsModule(app, subscriptionsDeps, { sweepEveryMs: options.renewalSweepEveryMs });
  await registerPaymentsModule(app, {
    db,
    accounts: stripe
      ? createStripePaymentAccounts(stripe, config.appUrl)
      : createSandboxPaymentAccounts(config.appUrl),
    stripe: stripe && config.stripe ? { client: stripe, webhookSecret: config.stripe.webhookSecret } : null,
    subscriptions: subscriptionsDeps,
    log: app.log,
  });

  await app.register(blobsRoutes, { blobs });
  if (config.demo) await app.register(demoRoutes, { db, authRateLimit: config.authRateLimit });

  if (config.devMailbox) {
    registerMailbox(app, path.join(config.dataDir, 'mail'), readOrCreateMailboxKey(config.dataDir));
  }
  await registerSitePages(app, {
    distDir: config.webDistDir,
    appUrl: config.appUrl,
    documentHeaders,
    trackers: config.siteTrackers,
    isCompressed: config.compression,
  });
  await registerWebApp(app, config.webDistDir, documentHeaders, { isPreCompressed: config.compression });
  return app;
}
