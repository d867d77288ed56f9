// Server configuration: read once from the environment and checked before anything starts.
import { DEFAULT_GATE_CLOSURES, type GateClosure, type LogbookMarket } from '../schemas/logbook.schema';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/** Where identity comes from: the built-in service in `server/idp` or a hosted Cognito pool. */
type IdentityConfig =
  | {
      mode: 'builtin';
      poolId: string;
      clientId: string;
      /** `<PUBLIC_URL>/idp/<poolId>`: the `iss` claim of every token the built-in service signs. */
      issuer: string;
      /** Absolute URL the browser client posts to (`<PUBLIC_URL>/idp/`). */
      endpoint: string;
    }
  | {
      mode: 'hosted';
      poolId: string;
      clientId: string;
      region: string;
      issuer: string;
      jwksUrl: string;
    };

/** Where the embedded PGlite runs: a worker thread of its own (the default), or the server's thread. */
const PGLITE_THREADS = ['worker', 'inline'] as const;

type DatabaseConfig = { kind: 'pglite'; dataDir: string; thread: (typeof PGLITE_THREADS)[number] } | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** False when PUBLIC_URL is unset: the browser-facing URLs then follow the origin the page came from. */
  publicUrlConfigured: boolean;
  database: DatabaseConfig;
  /** Whether the demo accounts are seeded at start (always on the embedded default). */
  seedDemo: boolean;
  identity: IdentityConfig;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  gatewayUrl: string;
  gatewayUrlConfigured: boolean;
  /** The market operator's site the bid processes talk to; unset: the product's own simulator (`/market-sim`). */
  marketSiteUrl: string | undefined;
  /** The account the bid processes sign in to the site with (MARKET_SITE_USER / MARKET_SITE_PASSWORD). */
  marketSiteUser: string;
  marketSitePassword: string;
  /** How long one request to the site may take before it counts as timed out (MARKET_SITE_TIMEOUT_MS). */
  marketSiteTimeoutMs: number;
  smtpUrl: string | undefined;
  /** Where mail is left as text files when there is no SMTP_URL (`npm run mail:outbox` reads it). */
  mailDir: string | undefined;
  logLevel: LogLevel;
  bodyLimitBytes: number;
  /**
   * HTTP server processes on the one port (SERVER_PROCESSES, a number or `auto`: one per core).
   * Above 1 only on PostgreSQL and with a market site of its own (server/cluster.ts).
   */
  serverProcesses: number;
  /** Jobs this process runs at once (JOB_WORKERS); 0 runs none, leaving them to other processes. */
  jobWorkers: number;
  /**
   * How long a job's claim lasts unrenewed (JOB_LEASE_SECONDS): how soon another process takes
   * up the job of one that died. Shorter means a faster take-over but more renewals.
   */
  jobLeaseSeconds: number;
  /** Each market's gate closure for a day's log book (LOGBOOK_GATE_CLOSURE, e.g. `MER=1@10:00,SLV=1@09:00`). */
  logbookGateClosures: Readonly<Record<LogbookMarket, GateClosure>>;
  /** Minutes between the guarantee snapshots this process stores (GUARANTEE_SNAPSHOT_MINUTES); 0 stores none. */
  guaranteeSnapshotMinutes: number;
  /** Above this many rows a report's workbook is written by a job, followed live, then downloaded (REPORT_EXCEL_JOB_ROWS). */
  reportExcelJobRows: number;
}

/** The simulator's account (server/market-sim), when MARKET_SITE_USER / MARKET_SITE_PASSWORD are unset. */
export const DEFAULT_MARKET_SITE_USER = 'epwm';
export const DEFAULT_MARKET_SITE_PASSWORD = 'Simulador-2026!';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

/** Thrown by `loadConfig` with every bad variable listed, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads the environment into a typed config, or throws one ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  // Empty values count as unset, so `FOO=` in a .env file means "use the default".
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer ${min}-${max}, got '${raw}'`);
      return fallback;
    }
    return value;
  };

  const url = (name: string, protocols: string[], fallback?: string): string | undefined => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      problems.push(`${name} must be an absolute URL (${protocols.join(', ')}), got '${raw}'`);
      return fallback;
    }
    if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
      problems.push(`${name} must be an absolute URL (${protocols.join(', ')}), got '${raw}'`);
      return fallback;
    }
    return raw;
  };

  const port = integer('PORT', 8080, 1, 65535);
  const host = get('HOST') ?? '0.0.0.0';
  // A trailing slash would make `<PUBLIC_URL>/idp/...` double-slashed and break the issuer match.
  const publicUrl = (url('PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const databaseUrl = url('DATABASE_URL', ['postgres', 'postgresql']);
  const threadRaw = get('PGLITE_THREAD') ?? 'worker';
  const thread = (PGLITE_THREADS as readonly string[]).includes(threadRaw) ? (threadRaw as (typeof PGLITE_THREADS)[number]) : 'worker';
  if (thread !== threadRaw) problems.push(`PGLITE_THREAD must be one of ${PGLITE_THREADS.join(', ')}, got '${threadRaw}'`);
  const database: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: get('DATA_DIR') ?? './data', thread };

  const seedRaw = get('SEED_DEMO');
  if (seedRaw !== undefined && seedRaw !== '0' && seedRaw !== '1') {
    problems.push(`SEED_DEMO must be 0 or 1, got '${seedRaw}'`);
  }
  // The embedded default always has demo data; a real server only when asked.
  const seedDemo = database.kind === 'pglite' ? seedRaw !== '0' : seedRaw === '1';

  const identity = loadIdentity(get, publicUrl, problems);

  const accessTokenTtlSeconds = integer('ACCESS_TOKEN_TTL_SECONDS', 3600, 1, 86_400);
  const refreshTokenTtlDays = integer('REFRESH_TOKEN_TTL_DAYS', 30, 1, 3650);
  const gatewayUrlRaw = url('GATEWAY_URL', ['http', 'https']);
  const gatewayUrl = (gatewayUrlRaw ?? `${publicUrl}/gateway`).replace(/\/+$/, '');
  const marketSiteUrl = url('MARKET_SITE_URL', ['http', 'https']);
  // The simulator's own account by default; a configured site's comes from the environment,
  // never the simulator's default (which is public, in this file).
  if (marketSiteUrl !== undefined) {
    for (const name of ['MARKET_SITE_USER', 'MARKET_SITE_PASSWORD']) {
      if (get(name) === undefined) problems.push(`${name} must be set when MARKET_SITE_URL is: the simulator's account is never sent to a configured site`);
    }
  }
  const marketSiteUser = get('MARKET_SITE_USER') ?? DEFAULT_MARKET_SITE_USER;
  const marketSitePassword = get('MARKET_SITE_PASSWORD') ?? DEFAULT_MARKET_SITE_PASSWORD;
  const marketSiteTimeoutMs = integer('MARKET_SITE_TIMEOUT_MS', 10_000, 100, 300_000);
  const smtpUrl = url('SMTP_URL', ['smtp', 'smtps']);
  // Without a mail server a reset code must still reach someone: it is left in a folder.
  const mailDir = smtpUrl ? undefined : (get('MAIL_DIR') ?? path.join(get('DATA_DIR') ?? './data', 'mail'));

  const logLevelRaw = get('LOG_LEVEL') ?? 'info';
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelRaw) ? (logLevelRaw as LogLevel) : 'info';
  if (logLevel !== logLevelRaw) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${logLevelRaw}'`);
  }

  const bodyLimitBytes = integer('BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024);
  const jobWorkers = integer('JOB_WORKERS', 2, 0, 64);
  const jobLeaseSeconds = integer('JOB_LEASE_SECONDS', 30, 3, 3600);

  const serverProcesses = get('SERVER_PROCESSES') === 'auto' ? availableParallelism() : integer('SERVER_PROCESSES', 1, 1, 64);
  // Processes share what they keep through the database, except two things that live in one.
  if (serverProcesses > 1 && database.kind === 'pglite') {
    problems.push('SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process');
  }
  if (serverProcesses > 1 && marketSiteUrl === undefined) {
    problems.push(
      "SERVER_PROCESSES above 1 needs MARKET_SITE_URL: the built-in simulator keeps its state in one process (start it apart with `npm run market-sim` and point MARKET_SITE_URL at it)",
    );
  }

  const logbookGateClosures = gateClosures(get('LOGBOOK_GATE_CLOSURE'), problems);
  const guaranteeSnapshotMinutes = integer('GUARANTEE_SNAPSHOT_MINUTES', 60, 0, 1440);
  const reportExcelJobRows = integer('REPORT_EXCEL_JOB_ROWS', 20_000, 1, 100_000_000);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    publicUrl,
    publicUrlConfigured: get('PUBLIC_URL') !== undefined,
    gatewayUrlConfigured: gatewayUrlRaw !== undefined,
    database,
    seedDemo,
    identity,
    accessTokenTtlSeconds,
    refreshTokenTtlDays,
    gatewayUrl,
    marketSiteUrl,
    marketSiteUser,
    marketSitePassword,
    marketSiteTimeoutMs,
    smtpUrl,
    mailDir,
    logLevel,
    bodyLimitBytes,
    serverProcesses,
    jobWorkers,
    jobLeaseSeconds,
    logbookGateClosures,
    guaranteeSnapshotMinutes,
    reportExcelJobRows,
  };
}

/**
 * LOGBOOK_GATE_CLOSURE: `<market>=<days before>@<HH:MM>` items separated by commas, each
 * replacing that market's default (Central America time); the others keep theirs.
 */
function gateClosures(raw: string | undefined, problems: string[]): Record<LogbookMarket, GateClosure> {
  const closures = { ...DEFAULT_GATE_CLOSURES };
  for (const item of raw ? raw.split(',') : []) {
    const match = /^\s*(MER|MEX|SLV|AMM)=(\d{1,2})@([01]\d|2[0-3]):([0-5]\d)\s*$/.exec(item);
    if (!match) {
      problems.push(`LOGBOOK_GATE_CLOSURE items must read <MER|MEX|SLV|AMM>=<days before>@<HH:MM>, got '${item.trim()}'`);
      continue;
    }
    closures[match[1] as LogbookMarket] = { diasAntes: Number(match[2]), hora: `${match[3]}:${match[4]}` };
  }
  return closures;
}

// Cognito's own format (IDENTITY.md): `<region>_<name>`, at most 55 characters.
const POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;
const CLIENT_ID = /^[\w+]+$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;

function loadIdentity(
  get: (name: string) => string | undefined,
  publicUrl: string,
  problems: string[],
): IdentityConfig {
  const poolIdOk = (name: string, value: string) => {
    if (POOL_ID.test(value) && value.length <= 55) return true;
    problems.push(`${name} must look like '<region>_<name>' (letters, digits), at most 55 characters, got '${value}'`);
    return false;
  };
  const clientIdOk = (name: string, value: string) => {
    if (CLIENT_ID.test(value) && value.length <= 128) return true;
    problems.push(`${name} must be letters, digits, '_' or '+', at most 128 characters, got '${value}'`);
    return false;
  };

  const hostedPool = get('COGNITO_USER_POOL_ID');
  if (hostedPool !== undefined) {
    const clientId = get('COGNITO_CLIENT_ID');
    const region = get('COGNITO_REGION');
    poolIdOk('COGNITO_USER_POOL_ID', hostedPool);
    if (clientId === undefined) problems.push('COGNITO_CLIENT_ID is required when COGNITO_USER_POOL_ID is set');
    else clientIdOk('COGNITO_CLIENT_ID', clientId);
    if (region === undefined) problems.push('COGNITO_REGION is required when COGNITO_USER_POOL_ID is set');
    else if (!REGION.test(region)) problems.push(`COGNITO_REGION must be an AWS region like 'us-east-1', got '${region}'`);
    const issuer = `https://cognito-idp.${region ?? ''}.amazonaws.com/${hostedPool}`;
    return {
      mode: 'hosted',
      poolId: hostedPool,
      clientId: clientId ?? '',
      region: region ?? '',
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
    };
  }
  for (const name of ['COGNITO_CLIENT_ID', 'COGNITO_REGION']) {
    if (get(name) !== undefined) problems.push(`${name} is set but COGNITO_USER_POOL_ID is not: set all three or none`);
  }

  const poolId = get('IDP_POOL_ID') ?? 'local_EnergyPool';
  const clientId = get('IDP_CLIENT_ID') ?? 'energy-backoffice-web';
  poolIdOk('IDP_POOL_ID', poolId);
  if (!/^[\w+-]+$/.test(clientId) || clientId.length > 128) {
    problems.push(`IDP_CLIENT_ID must be letters, digits, '_', '-' or '+', at most 128 characters, got '${clientId}'`);
  }
  return {
    mode: 'builtin',
    poolId,
    clientId,
    issuer: `${publicUrl}/idp/${poolId}`,
    endpoint: `${publicUrl}/idp/`,
  };
}
