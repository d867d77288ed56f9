// Serves the built SPA from dist/: real files as they are, any other page path gets
// index.html so the browser router can take it (history fallback). API paths never fall
// back: an unknown API URL stays a JSON 404.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppErrors } from '../errors/catalogue';

interface SpaOptions {
  /** Absolute path of the built app (vite's outDir). */
  distDir: string;
}

/** Paths the server answers itself; everything else belongs to the SPA. */
const SERVER_PREFIXES = ['/api', '/idp', '/gateway', '/config.json', '/health'];

/** The business areas' APIs live under `/<area>/api/...` (spec section 7: `/files/api/v1/...`). */
const AREA_API = /^\/[^/]+\/api(\/|$)/;

export function isServerPath(urlPath: string): boolean {
  return AREA_API.test(urlPath) || SERVER_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
}

async function isFileInside(root: string, relative: string): Promise<boolean> {
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(root + path.sep)) return false;
  try {
    return (await stat(absolute)).isFile();
  } catch {
    return false;
  }
}

async function spaPlugin(app: FastifyInstance, options: SpaOptions) {
  const root = path.resolve(options.distDir);
  // Only the reply.sendFile decoration: the one route below decides what is served.
  await app.register(fastifyStatic, { root, serve: false });

  app.get('/*', { config: { public: true }, logLevel: 'warn' }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (isServerPath(urlPath)) throw new AppErrors.routeNotFound();
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
    } catch {
      throw new AppErrors.routeNotFound();
    }
    if (relative !== '' && (await isFileInside(root, relative))) {
      // Vite puts a content hash in every asset name, so assets never change in place.
      const immutable = relative.startsWith('assets/');
      return reply.sendFile(relative, immutable ? { maxAge: '365d', immutable: true } : { maxAge: 0 });
    }
    // A missing file (a name with an extension) is a real 404, not a page of the app.
    if (path.posix.extname(relative) !== '') throw new AppErrors.routeNotFound();
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html', { cacheControl: false });
  });
}

export default fp(spaPlugin, { name: 'spa', fastify: '5.x' });
