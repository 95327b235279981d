import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routePath } from 'hono/route';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { AppContext } from '../../server/http/env';
import type * as Query from '../../server/http/query';
import type * as Validate from '../../server/http/validate';
import type { TokenAbility } from '../../domain/auth/tokenAbilities';
import type { ReplyDeclaration } from '../../server/http/reply';
import type * as zm from 'zod/mini';
import { ENDPOINTS, tokenAbilityOf, type Need } from './endpoints';
import { DEMO, serverForTests, TestAgent } from './harness';

/**
 * The API's OpenAPI document (server/http/openapi.json, served at GET /api/openapi.json) is made from
 * the server's own zod schemas: every endpoint of tests/server/endpoints.ts is called once as the
 * administrator, and a spy on parseJsonBody/parseQuery records which schema each route reads (the
 * same way the bad-input test finds them). The test fails when the committed document is not what
 * the code says: run `UPDATE_OPENAPI=1 npx vitest run tests/server/openapi.test.ts` and commit it.
 */
const DOCUMENT = path.resolve(import.meta.dirname, '../../server/http/openapi.json');

const seen = vi.hoisted(() => new Map<string, { body?: unknown; query?: unknown }>());
const keyOf = (c: AppContext) => `${c.req.method} ${routePath(c)}`;
vi.mock('../../server/http/validate', async (importOriginal) => {
  const actual = await importOriginal<typeof Validate>();
  return {
    ...actual,
    parseJsonBody: (c: AppContext, schema: z.ZodType) => {
      seen.set(keyOf(c), { ...seen.get(keyOf(c)), body: schema });
      return actual.parseJsonBody(c, schema);
    },
  };
});
vi.mock('../../server/http/query', async (importOriginal) => {
  const actual = await importOriginal<typeof Query>();
  return {
    ...actual,
    parseQuery: (c: AppContext, schema: z.ZodType) => {
      seen.set(keyOf(c), { ...seen.get(keyOf(c)), query: schema });
      return actual.parseQuery(c, schema);
    },
  };
});

const { admin } = DEMO;
const server = serverForTests();

/** Hono's `/api/clients/:client_id{[0-9]{1,9}}` as OpenAPI writes it: `/api/clients/{client_id}`. */
const openApiPath = (route: string) => route.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');

const WHO: Record<string, string> = {
  public: 'Anyone, signed in or not.',
  user: 'Any signed-in user, or an API token.',
  session: 'The signed-in user in a browser session (not an API token): the account’s own security.',
};

/** The route pattern of the app's handler for a concrete path, e.g. `/api/clients/:client_id{[0-9]{1,9}}`. */
function routeOf(method: string, address: string): string {
  const concrete = address.replace(/\?.*$/, '');
  const toRegex = (pattern: string) =>
    new RegExp(
      `^${pattern
        .split(/(:\w+(?:\{(?:[^{}]|\{[^{}]*\})*\})?)/)
        .map((part) => (part.startsWith(':') ? `(${/\{(.*)\}$/.exec(part)?.[1] ?? '[^/]+'})` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('')}$`,
    );
  const found = server.app.routes.find((r) => r.method === method && !r.path.includes('*') && toRegex(r.path).test(concrete));
  if (!found) throw new Error(`no route of the app answers ${method} ${address}`);
  return found.path;
}

/** The reply a route declares with `replies(Schema, status)` (server/http/reply.ts), found among its handlers. */
function replyOf(method: string, pattern: string): ReplyDeclaration<zm.ZodMiniType> | undefined {
  for (const r of server.app.routes) {
    if (r.method === method && r.path === pattern && 'replySchema' in r.handler) return r.handler as unknown as ReplyDeclaration<zm.ZodMiniType>;
  }
  return undefined;
}
const concretePaths = new Map<string, string>();

/** A reply as JSON Schema: what the server sends (`io: 'output'`). */
const replySchema = (schema: unknown) => z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });

const jsonSchema = (schema: unknown) => z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

/** Calls every endpoint once (writes last, deletes at the very end) and builds the document. */
async function build(): Promise<Record<string, unknown>> {
  const agent = new TestAgent(server);
  expect((await agent.signIn(admin.email, admin.password)).status).toBe(200);
  const order = (method: string) => ({ GET: 0, POST: 1, PUT: 1, DELETE: 2 })[method] ?? 1;
  // The calls that end the session are described, not made.
  const ending = new Set(['POST /api/logout', 'DELETE /api/user']);
  const routes = new Map<string, { method: string; route: string; need: Need; ability: TokenAbility }>();
  for (const endpoint of [...ENDPOINTS].sort((a, b) => order(a[0]) - order(b[0]))) {
    const [method, path, need] = endpoint;
    seen.clear();
    if (!ending.has(`${method} ${path}`)) {
      // An unreadable body: every route that reads one refuses it at once, and the spy has seen its schema.
      await agent.request(method, path, method === 'GET' ? undefined : '"not an object"', method === 'GET' ? {} : { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN') ?? '' });
    }
    const route = openApiPath(routeOf(method, path));
    const schemas = seen.get(`${method} ${routeOf(method, path)}`) ?? {};
    routes.set(`${method} ${route}`, { method, route, need, ability: tokenAbilityOf(endpoint) });
    concretePaths.set(`${method} ${route}`, path);
    if (schemas.body) bodies.set(`${method} ${route}`, schemas.body);
    if (schemas.query) queries.set(`${method} ${route}`, schemas.query);
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, { method, route, need, ability }] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
    const parameters: unknown[] = [...route.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const query = queries.get(key);
    if (query) {
      const q = jsonSchema(query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) parameters.push({ name, in: 'query', required: (q.required ?? []).includes(name), schema });
    }
    const body = bodies.get(key);
    const write = method !== 'GET';
    const declared = replyOf(method, routeOf(method, concretePaths.get(key) ?? route));
    (paths[route] ??= {})[method.toLowerCase()] = {
      'x-permission': need,
      ...(need === 'public' || need === 'session' ? {} : { 'x-token-ability': ability }),
      description:
        (typeof need === 'string' ? (WHO[need] ?? `Needs the permission \`${need}\`.`) : `Needs the permissions ${need.map((p) => `\`${p}\``).join(' and ')}.`) +
        (need === 'public' || need === 'session' ? '' : ` An API token needs the ability \`${ability}\`.`),
      ...(need === 'public' ? { security: [] } : need === 'session' ? { security: [{ session: [], ...(write ? { xsrf: [] } : {}) }] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body) } } } } : {}),
      responses: {
        ...(declared
          ? { [String(declared.replyStatus)]: { description: 'Done: the reply of the wire contract (contract/).', content: { 'application/json': { schema: replySchema(declared.replySchema) } } } }
          : { '2XX': { description: 'Done: a JSON reply, a file, or no content (204).' } }),
        ...(need === 'public' ? {} : { '401': { $ref: '#/components/responses/Unauthenticated' }, '403': { $ref: '#/components/responses/Forbidden' } }),
        ...(write ? { '419': { $ref: '#/components/responses/XsrfMismatch' } } : {}),
        ...(body || query ? { '422': { $ref: '#/components/responses/Invalid' } } : {}),
      },
    };
  }
  const version = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;
  const message = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Back Office API',
      version,
      description:
        'The API the back-office app calls, made from the server’s own zod schemas (tests/server/openapi.test.ts). Paths are relative to the server. ' +
        'Messages come back in the language of Accept-Language (zh-HK or en). Edits carry the record’s version: a stale one gets 409.',
    },
    security: [{ session: [], xsrf: [] }, { token: [] }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The HttpOnly session cookie set by POST /api/login.' },
        xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: 'The XSRF-TOKEN cookie echoed on every state-changing request of a browser session.' },
        token: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API token (profile → API tokens), limited to its abilities and its user’s permissions; each operation’s x-token-ability names the one it needs. ' +
            'read (GET, and the double-booking check), create (POST), update (PUT, and the POSTs that change a status, reschedule or bank in), delete (DELETE); ' +
            'void (void and unvoid an invoice), hkid_reveal (show a full HKID number) and user_admin (create, edit and delete users and roles, reset two-factor) are never implied by the others.',
        },
      },
      responses: {
        Unauthenticated: { description: 'Not signed in, or the session expired (`session_expired: true`).', content: { 'application/json': { schema: message } } },
        Forbidden: { description: 'Signed in without the permission.', content: { 'application/json': { schema: message } } },
        XsrfMismatch: { description: 'X-XSRF-TOKEN missing or not the session’s.', content: { 'application/json': { schema: message } } },
        Invalid: {
          description: 'The input was refused: a message, and one or more per field.',
          content: { 'application/json': { schema: { ...message, properties: { ...message.properties, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } } } } },
        },
      },
    },
    paths,
  };
}
const bodies = new Map<string, unknown>();
const queries = new Map<string, unknown>();

describe('the OpenAPI document', () => {
  it('describes every endpoint with the schemas the server validates against, and is up to date', async () => {
    const document = await build();
    const text = `${JSON.stringify(document, null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI) writeFileSync(DOCUMENT, text);
    const paths = document.paths as Record<string, Record<string, { requestBody?: unknown; parameters?: { in: string }[] }>>;
    const operations = Object.values(paths).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(new Set(ENDPOINTS.map(([method, p]) => `${method} ${routeOf(method, p)}`)).size);
    expect(paths['/api/clients']?.post?.requestBody).toBeDefined();
    expect(paths['/api/clients/{id}']?.put?.requestBody).toBeDefined();
    expect(paths['/api/reports/orders/receipt']?.get?.parameters?.some((p) => p.in === 'query')).toBe(true);
    expect(readFileSync(DOCUMENT, 'utf8'), 'server/http/openapi.json is out of date: UPDATE_OPENAPI=1 npx vitest run tests/server/openapi.test.ts').toBe(text);
  });

  it('is served to a signed-in user at /api/openapi.json, and not to a visitor', async () => {
    const visitor = new TestAgent(server);
    expect((await visitor.get('/api/openapi.json')).status).toBe(401);
    const agent = new TestAgent(server);
    await agent.signIn(admin.email, admin.password);
    const reply = await agent.get('/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ openapi: '3.1.0', info: { title: 'Back Office API' } });
  });
});
