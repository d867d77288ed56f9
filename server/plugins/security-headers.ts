// Security headers (helmet) with a Content-Security-Policy the built SPA can live with. They
// are the same for every answer (no per-request nonce: the SPA needs no inline script), so
// helmet runs once at start and every answer gets its headers as they came out; building
// them again for each request cost about a tenth of a kept read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

interface SecurityHeadersOptions {
  publicUrl: string;
  /** Origins the browser must reach besides our own: the hosted identity service, the gateway. */
  connectOrigins: string[];
}

/** The headers helmet sets, computed once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions) {
  const https = options.publicUrl.startsWith('https:');
  const headers = helmetHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
