// Starts the product: configuration, database, signing key, demo seed, HTTP server (or, with
// SERVER_PROCESSES above 1, a primary that prepares the database and forks the servers: cluster.ts).
import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Db } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { seedDemoErcot } from './db/seed/demo-ercot';
import { seedDemoGuarantees } from './db/seed/demo-guarantees';
import { seedDemoInvoices, seedDemoSvSale } from './db/seed/demo-invoices';
import { seedDemoLogbooks } from './db/seed/demo-logbooks';
import { seedDemoMarketData } from './db/seed/demo-market-data';
import { seedDemoSettlements } from './db/seed/demo-settlements';
import { ensureSigningKey } from './idp/keys';
import { productLogStream } from './log-stream';
import { createMailer } from './mail/mailer';
import { MarketSim, demoConfig } from './market-sim/site';

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Once per database before any server listens: the built-in service's signing key and the demo seed. */
async function prepare(config: AppConfig, db: Db): Promise<void> {
  if (config.identity.mode === 'builtin') await ensureSigningKey(db);
  if (!config.seedDemo) return;
  const today = new Date();
  await seedDemo(db, { poolId: config.identity.poolId, withIdentities: config.identity.mode === 'builtin', today });
  // The demo contracts' market data, so their settlements can be computed from the first start.
  await seedDemoMarketData(db, today);
  // Final settlements of the oldest demo months and their invoices in every status (first start only).
  await seedDemoInvoices(db, await seedDemoSettlements(db, today), today);
  // A Salvadoran sale of the oldest month, invoiced and partly paid: El Salvador's balances have a customer.
  await seedDemoSvSale(db, today);
  // Sent log books of the last weeks, the EOR's predespacho of the last days, offers and agents.
  await seedDemoLogbooks(db, today);
  // What each operator requires, the instruments posted, and the last week's positions.
  await seedDemoGuarantees(db, today);
  // ERCOT's points, two months of their prices (a change of clock among them) and the company's awards.
  await seedDemoErcot(db, today);
}

/** What the product says once it listens: where, on which database, and how to sign in to the demo. */
function announce(config: AppConfig): void {
  const where = config.database.kind === 'pglite' ? `embedded PostgreSQL in ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const processes = config.serverProcesses > 1 ? `, ${config.serverProcesses} server processes` : '';
  console.log(`\nEnergy back-office is running at ${config.publicUrl}/  (${where}${processes})`);
  if (config.seedDemo && config.identity.mode === 'builtin') {
    const admin = DEMO_ACCOUNTS[0];
    console.log(`Demo sign-in: ${admin?.email} / ${DEMO_PASSWORD}  (more accounts in the README)`);
  }
  if (!config.smtpUrl) console.log(`No SMTP_URL: mail (password-reset codes) is left in ${config.mailDir}; read it with: npm run mail:outbox\n`);
}

/**
 * One HTTP server process: its database, the app, the port; `prepared` when the primary prepared
 * the database. A signal while it starts is kept and the stop done once the app is built, so a
 * process never leaves the database or a job half-begun.
 */
async function serve(config: AppConfig, { prepared }: { prepared: boolean }): Promise<void> {
  let stopping = false;
  let drain: (() => Promise<void>) | null = null;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal while draining means "now" (the primary of several processes says it: cluster.ts).
      if (!cluster.isWorker) process.exit(1);
      return;
    }
    stopping = true;
    console.log(`${signal}: shutting down`);
    void drain?.();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A terminal's Ctrl-C reaches every process of the group: one of several waits for its primary's SIGTERM.
  process.on('SIGINT', () => (cluster.isWorker ? undefined : stop('SIGINT')));

  if (config.database.kind === 'pglite') mkdirSync(config.database.dataDir, { recursive: true });
  const database = await openDatabase(config.database);
  const { db } = database;
  if (!prepared) await prepare(config, db);

  // The running product leaves undeliverable mail in MAIL_DIR (tests build the app without it).
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, mailDir: config.mailDir });
  // The demo's simulated site is slow and a little flaky, so the monitor shows retries.
  const marketSim = config.seedDemo ? new MarketSim(demoConfig) : undefined;
  const log = productLogStream();
  const app = await buildApp({ config, db, mailer, marketSim, logStream: log });
  drain = async () => {
    try {
      await app.close();
      await database.close();
      log.flushSync();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      log.flushSync();
      process.exit(1);
    }
  };
  if (stopping) return drain();
  await app.listen({ port: config.port, host: config.host });
}

async function main(): Promise<void> {
  const config = readConfig();
  if (config.serverProcesses === 1) {
    await serve(config, { prepared: false });
    announce(config);
  } else if (cluster.isPrimary) {
    await runPrimary({
      processes: config.serverProcesses,
      prepare: async () => {
        const database = await openDatabase(config.database);
        try {
          await prepare(config, database.db);
        } finally {
          await database.close();
        }
      },
      onListening: () => announce(config),
      log: (message) => console.log(message),
    });
  } else {
    await serve(config, { prepared: true });
  }
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
