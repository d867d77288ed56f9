// Security headers (helmet) with a Content-Security-Policy the built SPA can live with.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  publicUrl: string;
  /** Origins the browser must reach besides our own: the hosted identity service, the gateway. */
  connectOrigins: string[];
}

async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions) {
  const https = options.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite emits only external module scripts: no inline script is ever needed.
        scriptSrc: ["'self'"],
        // Chakra UI (Emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.connectOrigins],
        objectSrc: ["'none'"],
        // The annex PDF view: the app fetches the file with its token and shows it in a frame
        // from a blob: URL (a frame cannot send the bearer header itself).
        frameSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading requests would break a plain-http local or test deployment.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS over plain http is ignored by browsers and would pin localhost if it ever were not.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
