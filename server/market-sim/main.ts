// `npm run market-sim`: the market-site simulator on its own, as another company's site would
// be (MARKET_SIM_PORT, default 8090; MARKET_SIM_HOST, default 127.0.0.1). Point the product at it
// with MARKET_SITE_URL=http://127.0.0.1:8090/market-sim. It starts as the demo's site (150 ms of
// latency, 5 % faults); MARKET_SIM_QUIET=1 starts it without latency or faults.
//
// Its control calls (`/market-sim/{sitio}/admin/...`) have no product sign-in here: they answer
// only callers on this machine (127.0.0.1 or ::1), and 403 anyone else. Keep the simulator on
// 127.0.0.1 (the default) unless every machine that can reach it may steer it.
import Fastify from 'fastify';
import { DEFAULT_MARKET_SITE_PASSWORD, DEFAULT_MARKET_SITE_USER } from '../config';
import marketSimPlugin from './plugin';
import { MarketSim, demoConfig, quietConfig } from './site';

async function main(): Promise<void> {
  const port = Number(process.env.MARKET_SIM_PORT ?? 8090);
  const host = process.env.MARKET_SIM_HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`MARKET_SIM_PORT must be a port number, got '${process.env.MARKET_SIM_PORT}'`);
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    // As the product checks bodies: every bad field at once, nothing converted or dropped.
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: false } },
  });
  const sim = new MarketSim(process.env.MARKET_SIM_QUIET === '1' ? quietConfig : demoConfig);
  await app.register(marketSimPlugin, {
    prefix: '/market-sim',
    sim,
    credentials: { usuario: process.env.MARKET_SITE_USER ?? DEFAULT_MARKET_SITE_USER, clave: process.env.MARKET_SITE_PASSWORD ?? DEFAULT_MARKET_SITE_PASSWORD },
    admin: 'loopback',
  });
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port, host });
  console.log(`Market-site simulator at http://${host}:${port}/market-sim/{original|modified}/api  (MARKET_SITE_URL=http://${host}:${port}/market-sim)`);
}

main().catch((error: unknown) => {
  console.error('The simulator could not start:', error);
  process.exit(1);
});
