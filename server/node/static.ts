import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/env';

const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

function safeDecode(requestPath: string): string {
  try {
    return decodeURIComponent(requestPath);
  } catch {
    return requestPath;
  }
}

/**
 * Serves the built front end from `root` (dist/public): hashed assets cached for a year, and every
 * other GET outside /api answered with index.html so the browser's router shows the screen (or the
 * 404 page). A file with a Brotli or gzip copy beside it (made by the build, scripts/build/
 * precompress.ts) is sent as that copy to a browser that accepts it. Without a build the server
 * still answers the API and says how to build.
 */
export function serveFrontEnd(app: Hono<AppEnv>, root: string): void {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    console.warn(`[server] no front-end build at ${root}: run "npm run build" (the API is still served)`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  // Source maps (built "hidden" for the bundle budget, scripts/bench/bundle.ts) hold the whole source
  // code: they stay on the server's disk and are never sent, nor their compressed copies.
  app.use('*', async (c, next) => {
    if (SOURCE_MAP.test(safeDecode(c.req.path))) return c.notFound();
    return next();
  });
  // Set on the reply once it exists: serveStatic's onFound runs after the reply is made, so a header
  // set there reached Node's adapter but not a plain web Response.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root, precompressed: true }));
  // The service worker and the manifest keep their names from one build to the next: always asked
  // again, so a new build reaches installed copies.
  app.use('/sw.js', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'no-cache');
  });
  app.use('/manifest.webmanifest', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'no-cache');
  });
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
