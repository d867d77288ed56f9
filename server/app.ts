// Builds the whole HTTP application (plugins + routes) without listening: main.ts starts it,
// tests drive it with `inject`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import addFormats from 'ajv-formats';
import type Ajv from 'ajv';
import Fastify, { LogController, type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { currentUserSchema } from '../schemas/current-user.schema';
import { calendarDateFormat } from '../schemas/date.schema';
import { errorBodySchema } from '../schemas/error-body.schema';
import { permissionKeySchema } from '../schemas/permission-key.schema';
import { publicConfigSchema } from '../schemas/public-config.schema';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import authzPlugin from './authz/plugin';
import { AppErrors } from './errors/catalogue';
import { idpPlugin } from './idp/plugin';
import { localJwks } from './idp/keys';
import openapiPlugin from './openapi/plugin';
import { createMailer, type Mailer } from './mail/mailer';
import auditPlugin from './plugins/audit';
import readCachePlugin from './plugins/read-cache';
import authPlugin from './plugins/auth';
import errorHandlerPlugin from './plugins/error-handler';
import { buildRequestValidators } from './plugins/request-validation';
import requestIdPlugin, { requestIdFor } from './plugins/request-id';
import securityHeadersPlugin from './plugins/security-headers';
import spaPlugin from './plugins/spa';
import accountingRoutes from './accounting/routes';
import annexRoutes from './annexes/routes';
import auditRoutes from './audit/routes';
import companyRoutes from './companies/routes';
import gatewayRoutes from './contacts/gateway-routes';
import contactRoutes from './contacts/routes';
import contractRoutes from './contracts/routes';
import countryRoutes from './countries/routes';
import ercotRoutes from './ercot/routes';
import guaranteeRoutes from './guarantees/routes';
import homeRoutes from './home/routes';
import { guaranteeSnapshots } from './guarantees/snapshot-timer';
import logbookRoutes from './logbooks/routes';
import { CHARGES_JOBS } from './countries/update-charges';
import fileRoutes from './files/routes';
import invoiceRoutes from './invoicing/routes';
import marketDataRoutes from './market-data/routes';
import monitoringRoutes from './monitoring/routes';
import settlementReportRoutes from './settlements/report-routes';
import { REFRESH_JOBS } from './settlements/refresh';
import settlementRefreshRoutes from './settlements/refresh-routes';
import settlementRoutes from './settlements/routes';
import settlementSummaryRoutes from './settlements/summary-routes';
import jobsPlugin from './jobs/plugin';
import marketSimPlugin from './market-sim/plugin';
import { MarketSim } from './market-sim/site';
import { configureRunner, RUN_JOBS } from './processes/runner';
import { httpSiteAdapter } from './processes/site-http';
import processRoutes from './processes/routes';
import { REPORT_JOBS } from './reports/export-job';
import reportRoutes from './reports/routes';
import dashboardRoutes from './dashboard/routes';
import predespachoRoutes from './logbooks/predespacho-routes';
import type { JobWorkerOptions } from './jobs/worker';
import permissionRoutes from './permissions/routes';
import platformRoutes from './platform/routes';
import roleRoutes from './roles/routes';
import userRoutes from './users/routes';
import { activateAfterFirstSignIn } from './users/status';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** Defaults to the outbox mailer (plus SMTP when SMTP_URL is set). */
  mailer?: Mailer;
  /** The built SPA; defaults to `dist/` at the project root. Not served when it has no index.html. */
  distDir?: string;
  /** Where log lines go (default stdout); tests capture them here. */
  logStream?: FastifyLoggerOptions['stream'];
  /** The job worker's timings (tests shorten them); its concurrency is JOB_WORKERS. */
  jobs?: Pick<JobWorkerOptions, 'pollMs' | 'leaseMs' | 'heartbeatMs' | 'shutdownMs'>;
  /**
   * The market-site simulator served under /market-sim where no MARKET_SITE_URL is set
   * (default: quiet, no latency, no faults; main.ts gives the demo's).
   */
  marketSim?: MarketSim;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated market sites this app serves under /market-sim (tests and the demo steer them); none where MARKET_SITE_URL is set. */
    marketSim: MarketSim | undefined;
  }
}

const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

/** Shared JSON Schemas every route can `$ref` (`current-user#`, `error-body#`, ...). */
const SHARED_SCHEMAS = [permissionKeySchema, currentUserSchema, errorBodySchema, publicConfigSchema];

/** Builds the application; the caller decides whether to `listen` or `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Fastify's serializers log neither headers nor bodies; the redaction keeps it that way
      // should anyone log a request object with its headers.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
        censor: '[redacted]',
      },
    },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: requestIdFor,
    // One line per request, once answered (server/plugins/request-id.ts), not Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    ajv: {
      // Report every bad field at once, so a form can mark them all; a field the schema does
      // not know is refused (400), not silently dropped (Fastify's default), so a misspelt
      // field never loses what the caller meant to send.
      customOptions: { allErrors: true, removeAdditional: false },
      // Passed as itself (not wrapped): Fastify recognises ajv-formats by its function name and
      // would otherwise add it a second time. The cast only bridges its stricter option type.
      // Then `date` is the product's own (ajv-formats' check from year 1 on), as in the browser.
      plugins: [addFormats as unknown as (ajv: Ajv) => Ajv, (ajv: Ajv) => ajv.addFormat('date', calendarDateFormat)],
    },
    // Bodies are checked as typed (never converted) and no text may hold a NUL character.
    schemaController: { compilersFactory: { buildValidator: buildRequestValidators() } },
  });

  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  await app.register(errorHandlerPlugin);
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    connectOrigins: connectOrigins(config),
  });
  // Before any route: its onRoute hook refuses routes that do not declare who may call them.
  await app.register(authPlugin, {
    db,
    keys: verificationKeys(config, db),
    issuer: config.identity.issuer,
    clientId: config.identity.clientId,
  });
  // Role actions (config.action) on top of view keys; then the audit of refused requests.
  await app.register(authzPlugin);
  await app.register(auditPlugin, { db });
  // Answers of reads that declare the tables they come from are kept until those tables change.
  await app.register(readCachePlugin, { db });
  // Before any route: it collects each route (onRoute) for the API reference at /api/openapi.json.
  await app.register(openapiPlugin);

  app.setNotFoundHandler(async () => {
    throw new AppErrors.routeNotFound();
  });

  await app.register(platformRoutes, { config, db });
  await app.register(userRoutes, { config, db });
  await app.register(permissionRoutes, { db });
  await app.register(roleRoutes, { db });
  await app.register(auditRoutes, { db });
  await app.register(homeRoutes, { db });
  await app.register(companyRoutes, { db });
  await app.register(contactRoutes, { db });
  await app.register(contractRoutes, { db });
  await app.register(annexRoutes, { db });
  await app.register(marketDataRoutes, { db });
  await app.register(settlementRoutes, { db });
  await app.register(settlementSummaryRoutes, { db });
  await app.register(settlementReportRoutes, { db });
  await app.register(settlementRefreshRoutes, { db });
  await app.register(invoiceRoutes, { db });
  await app.register(accountingRoutes, { db });
  await app.register(countryRoutes, { db });
  await app.register(logbookRoutes, { db, gateClosures: config.logbookGateClosures });
  await app.register(guaranteeRoutes, { db });
  await app.register(ercotRoutes, { db });
  guaranteeSnapshots(app, db, config.guaranteeSnapshotMinutes);
  await app.register(monitoringRoutes, { db });
  await app.register(reportRoutes, { db, excelJobRows: config.reportExcelJobRows });
  await app.register(dashboardRoutes, { db });
  // Every area's long work, and this process's worker for it (JOB_WORKERS).
  await app.register(jobsPlugin, {
    db,
    types: [...REFRESH_JOBS, ...RUN_JOBS, ...CHARGES_JOBS, ...REPORT_JOBS],
    worker: { concurrency: config.jobWorkers, leaseMs: config.jobLeaseSeconds * 1000, ...options.jobs },
  });

  await registerMarketSite(app, config, db, options.marketSim);
  await app.register(processRoutes, { db });
  await app.register(predespachoRoutes, { db });
  // The gateway's own prefix: GATEWAY_URL may point elsewhere in production.
  await app.register(gatewayRoutes, { db, prefix: '/gateway' });

  // One mailer for the identity service's codes and the files service's messages.
  const mailer = options.mailer ?? createMailer({ db, smtpUrl: config.smtpUrl });
  await app.register(fileRoutes, { db, mailer });

  if (config.identity.mode === 'builtin') {
    await app.register(idpPlugin, {
      prefix: '/idp',
      db,
      poolId: config.identity.poolId,
      clientId: config.identity.clientId,
      issuer: config.identity.issuer,
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlDays * 86_400,
      mailer,
      // The app's own user leaves "pending" once the first sign-in set a new password
      // (through the user-status machine, with an audit row).
      onFirstSignInCompleted: async (username: string) => {
        await activateAfterFirstSignIn(db, username);
      },
    });
  }

  const distDir = path.resolve(options.distDir ?? DEFAULT_DIST_DIR);
  if (existsSync(path.join(distDir, 'index.html'))) {
    await app.register(spaPlugin, { distDir });
  }

  return app;
}

/**
 * Where the bid runs reach a market site: MARKET_SITE_URL with its configured account, or,
 * where none is set, the simulator (server/market-sim) this very server serves under
 * /market-sim once it listens, with the simulator's account. The simulator is served only then.
 */
async function registerMarketSite(app: FastifyInstance, config: AppConfig, db: Db, sim: MarketSim | undefined): Promise<void> {
  const account = { usuario: config.marketSiteUser, clave: config.marketSitePassword, timeoutMs: config.marketSiteTimeoutMs };
  const configured = config.marketSiteUrl;
  if (configured !== undefined) {
    app.decorate('marketSim', undefined);
    configureRunner(db, { siteFor: (sitio) => httpSiteAdapter({ baseUrl: () => configured, sitio, ...account }) });
    return;
  }
  const marketSim = sim ?? new MarketSim();
  app.decorate('marketSim', marketSim);
  await app.register(marketSimPlugin, { prefix: '/market-sim', sim: marketSim, credentials: { usuario: account.usuario, clave: account.clave }, admin: 'app' });
  configureRunner(db, { siteFor: (sitio) => httpSiteAdapter({ baseUrl: () => `${ownAddress(app)}/market-sim`, sitio, ...account }) });
}

/** Where this server listens, as a client on this machine reaches it (its own simulator's origin). */
function ownAddress(app: FastifyInstance): string {
  const address = app.server.address();
  // Not listening (yet): a call fails as unreachable and is retried.
  if (!address || typeof address === 'string') return 'http://127.0.0.1:9';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Keys that verify bearer tokens: the built-in service's own, or the hosted pool's JWKS. */
function verificationKeys(config: AppConfig, db: Db): JWTVerifyGetKey {
  if (config.identity.mode === 'builtin') return localJwks(db);
  return createRemoteJWKSet(new URL(config.identity.jwksUrl));
}

/** Origins other than our own the browser talks to, for the CSP's connect-src. */
function connectOrigins(config: AppConfig): string[] {
  const origins = new Set<string>();
  if (config.identity.mode === 'hosted') origins.add(`https://cognito-idp.${config.identity.region}.amazonaws.com`);
  const own = new URL(config.publicUrl).origin;
  const gateway = new URL(config.gatewayUrl).origin;
  if (gateway !== own) origins.add(gateway);
  return [...origins];
}
