import { Hono, type Context, type Env, type Next } from 'hono';
import { compress } from 'hono/compress';

/**
 * The Node host's outer layer: forwards every request to the app and compresses what it reads back
 * (JSON lists and reports, CSV) with gzip when the browser accepts it and the reply is 1 KB or more.
 * Only GET replies: a reply to a POST or PUT may hold a secret shown once (an API token, recovery
 * codes) next to what the caller typed, which compression would let an observer of sizes probe.
 * Files the build compressed already (Content-Encoding set) pass through untouched. The in-page
 * backend does not use this: its replies never cross a network.
 */
export function withCompression(app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> }): Hono {
  const edge = new Hono();
  const gzip = compress({ encoding: 'gzip' });
  edge.use('*', (c: Context<Env, string>, next: Next) => (c.req.method === 'GET' ? gzip(c, next) : next()));
  edge.all('*', (c) => app.fetch(c.req.raw, c.env));
  return edge;
}
