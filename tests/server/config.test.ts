// @vitest-environment node
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MARKET_SITE_PASSWORD, DEFAULT_MARKET_SITE_USER, loadConfig } from '../../server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('signs in to its own simulator with the simulator account, and to a configured site only with a configured one', () => {
    expect(loadConfig({})).toMatchObject({ marketSiteUrl: undefined, marketSiteUser: DEFAULT_MARKET_SITE_USER, marketSitePassword: DEFAULT_MARKET_SITE_PASSWORD });
    const site = { MARKET_SITE_URL: 'https://site.example/api' };
    expect(problemsOf(site)).toEqual([
      "MARKET_SITE_USER must be set when MARKET_SITE_URL is: the simulator's account is never sent to a configured site",
      "MARKET_SITE_PASSWORD must be set when MARKET_SITE_URL is: the simulator's account is never sent to a configured site",
    ]);
    expect(problemsOf({ ...site, MARKET_SITE_USER: 'trader' })).toHaveLength(1);
    expect(loadConfig({ ...site, MARKET_SITE_USER: 'trader', MARKET_SITE_PASSWORD: 'their-secret' })).toMatchObject({
      marketSiteUrl: 'https://site.example/api',
      marketSiteUser: 'trader',
      marketSitePassword: 'their-secret',
    });
  });

  it('runs one server process unless told; several only on PostgreSQL and with a market site of their own', () => {
    expect(loadConfig({}).serverProcesses).toBe(1);
    const postgres = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/energy' };
    const site = { MARKET_SITE_URL: 'https://site.example/api', MARKET_SITE_USER: 'trader', MARKET_SITE_PASSWORD: 'their-secret' };
    expect(loadConfig({ ...postgres, ...site, SERVER_PROCESSES: '4' }).serverProcesses).toBe(4);
    expect(loadConfig({ ...postgres, ...site, SERVER_PROCESSES: 'auto' }).serverProcesses).toBe(availableParallelism());
    expect(problemsOf({ ...site, SERVER_PROCESSES: '2' })).toEqual(['SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process']);
    expect(problemsOf({ ...postgres, SERVER_PROCESSES: '2' })).toEqual([
      'SERVER_PROCESSES above 1 needs MARKET_SITE_URL: the built-in simulator keeps its state in one process (start it apart with `npm run market-sim` and point MARKET_SITE_URL at it)',
    ]);
    expect(problemsOf({ SERVER_PROCESSES: '0' })).toEqual(["SERVER_PROCESSES must be an integer 1-64, got '0'"]);
    expect(problemsOf({ SERVER_PROCESSES: 'many' })).toEqual(["SERVER_PROCESSES must be an integer 1-64, got 'many'"]);
  });

  it('starts with no configuration at all: embedded database, built-in identity, demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      database: { kind: 'pglite', dataDir: './data', thread: 'worker' },
      seedDemo: true,
      accessTokenTtlSeconds: 3600,
      refreshTokenTtlDays: 30,
      gatewayUrl: 'http://localhost:8080/gateway',
      logLevel: 'info',
      bodyLimitBytes: 1048576,
      jobWorkers: 2,
      identity: {
        mode: 'builtin',
        poolId: 'local_EnergyPool',
        clientId: 'energy-backoffice-web',
        issuer: 'http://localhost:8080/idp/local_EnergyPool',
        endpoint: 'http://localhost:8080/idp/',
      },
    });
    expect(config.smtpUrl).toBeUndefined();
  });

  it('derives the public URL from PORT and drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    const config = loadConfig({ PUBLIC_URL: 'https://backoffice.example.com/' });
    expect(config.publicUrl).toBe('https://backoffice.example.com');
    expect(config.identity.issuer).toBe('https://backoffice.example.com/idp/local_EnergyPool');
  });

  it('seeds a DATABASE_URL database only when SEED_DEMO=1', () => {
    const url = 'postgres://app:secret@db.internal:5432/energy';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ database: { kind: 'postgres', url }, seedDemo: false });
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('uses the hosted identity service when COGNITO_USER_POOL_ID is set', () => {
    const config = loadConfig({
      COGNITO_USER_POOL_ID: 'us-east-1_AbC123',
      COGNITO_CLIENT_ID: '1h2j3k4l5m6n7o8p9q',
      COGNITO_REGION: 'us-east-1',
    });
    expect(config.identity).toEqual({
      mode: 'hosted',
      poolId: 'us-east-1_AbC123',
      clientId: '1h2j3k4l5m6n7o8p9q',
      region: 'us-east-1',
      issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbC123',
      jwksUrl: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbC123/.well-known/jwks.json',
    });
  });

  it('lists every bad variable at once, each with what it expects and what it got', () => {
    const problems = problemsOf({
      PORT: 'abc',
      PUBLIC_URL: 'localhost:8080',
      DATABASE_URL: 'mysql://db/energy',
      SEED_DEMO: 'yes',
      ACCESS_TOKEN_TTL_SECONDS: '-5',
      REFRESH_TOKEN_TTL_DAYS: '1.5',
      LOG_LEVEL: 'loud',
      BODY_LIMIT_BYTES: '10',
      SMTP_URL: 'http://mail',
      IDP_POOL_ID: 'no-underscore',
    });
    expect(problems).toEqual([
      "PORT must be an integer 1-65535, got 'abc'",
      "PUBLIC_URL must be an absolute URL (http, https), got 'localhost:8080'",
      "DATABASE_URL must be an absolute URL (postgres, postgresql), got 'mysql://db/energy'",
      "SEED_DEMO must be 0 or 1, got 'yes'",
      "IDP_POOL_ID must look like '<region>_<name>' (letters, digits), at most 55 characters, got 'no-underscore'",
      "ACCESS_TOKEN_TTL_SECONDS must be an integer 1-86400, got '-5'",
      "REFRESH_TOKEN_TTL_DAYS must be an integer 1-3650, got '1.5'",
      "SMTP_URL must be an absolute URL (smtp, smtps), got 'http://mail'",
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'",
      "BODY_LIMIT_BYTES must be an integer 1024-104857600, got '10'",
    ]);
  });

  it('puts all problems in one readable error message', () => {
    expect(() => loadConfig({ PORT: '70000', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid configuration:\n {2}- PORT must be an integer 1-65535, got '70000'\n {2}- LOG_LEVEL/,
    );
  });

  it('demands the whole hosted identity triple', () => {
    expect(problemsOf({ COGNITO_USER_POOL_ID: 'us-east-1_AbC123' })).toEqual([
      'COGNITO_CLIENT_ID is required when COGNITO_USER_POOL_ID is set',
      'COGNITO_REGION is required when COGNITO_USER_POOL_ID is set',
    ]);
    expect(problemsOf({ COGNITO_CLIENT_ID: 'abc' })).toEqual([
      'COGNITO_CLIENT_ID is set but COGNITO_USER_POOL_ID is not: set all three or none',
    ]);
    expect(
      problemsOf({ COGNITO_USER_POOL_ID: 'us-east-1_AbC123', COGNITO_CLIENT_ID: 'abc', COGNITO_REGION: 'Virginia' }),
    ).toEqual(["COGNITO_REGION must be an AWS region like 'us-east-1', got 'Virginia'"]);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', COGNITO_USER_POOL_ID: '' }).identity.mode).toBe('builtin');
  });
});
