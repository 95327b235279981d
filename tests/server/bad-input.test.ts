import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod';
import { DEMO_USERS } from '../../server/db/seed';
import type * as Query from '../../server/http/query';
import type * as Validate from '../../server/http/validate';
import { unstorableTextPath } from '../../server/http/text';
import { HOSTILE_STRINGS, hostileString, inputFor, UNSTORABLE_STRINGS } from '../support/zod-arbitrary';
import { ENDPOINTS } from './endpoints';
import { startTestServer, TestAgent, type Reply, type TestServer } from './harness';

/**
 * Bad input, property-based: every endpoint that reads a JSON body or a query string is sent
 * generated values from its own zod schema (tests/support/zod-arbitrary.ts: shaped like the schema,
 * with wrong types, missing and extra fields, out-of-range numbers, over-long and hostile strings
 * mixed in), as an administrator so the input reaches validation. Never a 5xx; whatever the schema
 * refuses is a 422 with a message per field; whatever it accepts is stored or refused by a business
 * rule, never a crash. The schemas are the server's own: a spy on parseJsonBody/parseQuery records
 * which schema each endpoint uses, so a new endpoint is fuzzed without being listed here.
 *
 * FUZZ_RUNS sets the number of generated inputs per endpoint (default 60 here; `npm run soak` runs
 * 1,000). The totals are printed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** Time for one fuzzing test: a few milliseconds per request, generously. */
const FUZZ_TIMEOUT = 60_000 + RUNS * 1_500;

const seen = vi.hoisted((): { body: unknown; query: unknown } => ({ body: null, query: null }));
vi.mock('../../server/http/validate', async (importOriginal) => {
  const actual = await importOriginal<typeof Validate>();
  return {
    ...actual,
    parseJsonBody: (c: Parameters<typeof actual.parseJsonBody>[0], schema: z.ZodType) => {
      seen.body = schema;
      return actual.parseJsonBody(c, schema);
    },
  };
});
vi.mock('../../server/http/query', async (importOriginal) => {
  const actual = await importOriginal<typeof Query>();
  return {
    ...actual,
    parseQuery: (c: Parameters<typeof actual.parseQuery>[0], schema: z.ZodType) => {
      seen.query = schema;
      return actual.parseQuery(c, schema);
    },
  };
});

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
const worker = DEMO_USERS.find((u) => u.role === 'worker')!;

/**
 * Calls that would end the fuzzing session itself (signing out, deleting the account) are sent from
 * a second administrator session's point of view only through their validation: see below.
 */
const SKIPPED_FOR_SESSION = new Set(['POST /api/logout', 'DELETE /api/user']);

/** Endpoints that read no JSON body (an id in the path, or a file): their paths are fuzzed instead. */
const NO_JSON_BODY = new Set([
  'POST /api/two-factor-challenge', // answers 422 "no sign-in waiting" before reading the body; fuzzed in auth tests
  'PUT /api/user/profile-photo',
  'DELETE /api/user/profile-photo',
  'DELETE /api/user/api-tokens/:n',
  'DELETE /api/areas/:n',
  'DELETE /api/clients/:n',
  'POST /api/clients/:n/hkid/reveal',
  'POST /api/clients/:n/attachments',
  'DELETE /api/attachments/:n',
  'DELETE /api/products/:n',
  'DELETE /api/product-categories/:n',
  'DELETE /api/quotations/:n',
  'POST /api/orders/:n/attachments',
  'POST /api/receipts/:n/bank-in',
  'POST /api/users/:n/reset-two-factor',
  'DELETE /api/users/:n',
  'DELETE /api/companies/:n',
  'PUT /api/companies/:n/logo',
  'PUT /api/companies/:n/chop',
  'DELETE /api/branches/:n',
  'DELETE /api/roles/:n',
  'DELETE /api/order-terms/:n',
  'DELETE /api/options/payment_method/:n',
  'DELETE /api/holidays/:n',
  'PUT /api/appointments/:n/visits/:n/signatures/client',
  'DELETE /api/appointments/:n/visits/:n/signatures/client',
  'PUT /api/appointments/:n/visits/:n/signatures/worker',
  'DELETE /api/appointments/:n/visits/:n/signatures/worker',
  'POST /api/appointments/:n/visits/:n/photos',
  'DELETE /api/appointments/:n/photos/:n',
]);

const shapeOf = (method: string, path: string) => `${method} ${path.replace(/\?.*$/, '').replace(/\/(\d+|\d{4}-\d{2}-\d{2})(?=\/|$)/g, '/:n')}`;

let server: TestServer;
let agent: TestAgent;
const totals = { requests: 0, bodies: 0, queries: 0, paths: 0, refused422: 0, accepted: 0, endpoints: 0, queryEndpoints: 0 };

async function signedInAgent(): Promise<TestAgent> {
  const fresh = new TestAgent(server);
  expect((await fresh.signIn(admin.email, admin.password)).status).toBe(200);
  return fresh;
}

async function send(method: string, path: string, body: unknown): Promise<Reply> {
  const once = () => {
    totals.requests++;
    const headers: Record<string, string> = {};
    const xsrf = agent.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    return agent.request(method, path, body === undefined ? undefined : JSON.stringify(body), headers);
  };
  const reply = await once();
  if (reply.status !== 401 && reply.status !== 419) return reply;
  // A generated call ended the session (e.g. a password change): sign in again and send it again.
  agent = await signedInAgent();
  return once();
}

/** A refusal the user can act on: 422, a message, and (for a readable body) a message per field. */
function expectFieldMessages(reply: Reply, readable: boolean): void {
  expect(reply.status).toBe(422);
  expect(typeof reply.body?.message).toBe('string');
  expect(String(reply.body?.message).length).toBeGreaterThan(0);
  if (!readable) return;
  const errors = reply.body?.errors as Record<string, unknown> | undefined;
  expect(errors && Object.keys(errors).length).toBeGreaterThan(0);
  for (const messages of Object.values(errors ?? {})) {
    expect(Array.isArray(messages)).toBe(true);
    for (const m of messages as unknown[]) expect(typeof m === 'string' && m.length > 0).toBe(true);
  }
}

/** No reply ever shows a stack, an SQL statement or a file path. */
function expectNoInternals(reply: Reply): void {
  const text = JSON.stringify(reply.body ?? reply.list);
  expect(text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\/work\/|SELECT |INSERT INTO|syntax error at/i);
}

/** The endpoints to fuzz, with ids of records that exist (an edit must reach its validation). */
let targets: { method: string; path: string; shape: string }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  agent = await signedInAgent();
  const users = (await agent.get('/api/users?per_page=100')).body?.items as { id: number; email: string }[];
  const workerId = users.find((u) => u.email === worker.email)!.id;
  const area = ((await agent.post('/api/areas', { nameEn: 'Fuzz area', nameZh: '測試區', region: 'kowloon' })).body as { id?: number; area?: { id: number } } | null) ?? {};
  const areaId = area.id ?? area.area?.id;
  const term = (await agent.post('/api/order-terms', { titleEn: 'Fuzz', titleZh: '測試', bodyEn: 'Terms', bodyZh: '條款' })).body as { id?: number; term?: { id: number } } | null;
  const option = (await agent.post('/api/options/payment_method', { value: 'fuzz_method', labelEn: 'Fuzz', labelZh: '測試' })).body as { id?: number; option?: { id: number } } | null;
  const holiday = (await agent.post('/api/holidays', { date: '2026-12-30', nameEn: 'Fuzz day', nameZh: '測試日' })).body as { id?: number; holiday?: { id: number } } | null;
  const idFor: Record<string, number | undefined> = {
    areas: areaId,
    'order-terms': term?.id ?? term?.term?.id,
    'options/payment_method': option?.id ?? option?.option?.id,
    holidays: holiday?.id ?? holiday?.holiday?.id,
  };
  targets = ENDPOINTS.filter(([method, path]) => !SKIPPED_FOR_SESSION.has(`${method} ${path}`) && !path.includes('/logout')).map(([method, rawPath]) => {
    let path = rawPath;
    for (const [collection, id] of Object.entries(idFor)) if (id !== undefined) path = path.replace(new RegExp(`^/api/${collection}/999$`), `/api/${collection}/${id}`);
    // Edits of a user go to the worker, so the administrator fuzzing keeps their own rights.
    path = path.replace(/^\/api\/users\/1$/, `/api/users/${workerId}`);
    return { method, path, shape: shapeOf(method, rawPath) };
  });
});

afterAll(async () => {
  console.log(`[fuzz] ${RUNS} inputs per endpoint: ${totals.bodies} bodies to ${totals.endpoints} write endpoints, ${totals.queries} query strings to ${totals.queryEndpoints} read endpoints, ${totals.paths} hostile paths; ${totals.requests} requests, ${totals.refused422} refused with 422, ${totals.accepted} accepted, 0 server errors`);
  await server.close();
});

describe('bad input to every endpoint', () => {
  it('every write endpoint reads its body through a zod schema, or is one of the listed body-less ones', async () => {
    const missing: string[] = [];
    for (const { method, path, shape } of targets) {
      if (method === 'GET' || NO_JSON_BODY.has(shape)) continue;
      seen.body = null;
      await send(method, path, {});
      if (!seen.body) missing.push(shape);
    }
    expect(missing).toEqual([]);
  });

  it(`never answers 5xx to generated bodies, and refuses what the schema refuses with 422 and field messages`, async () => {
    for (const { method, path, shape } of targets) {
      if (method === 'GET' || NO_JSON_BODY.has(shape)) continue;
      seen.body = null;
      await send(method, path, {});
      const schema = seen.body as z.ZodType | null;
      expect(schema, shape).not.toBeNull();
      totals.endpoints++;
      await fc.assert(
        fc.asyncProperty(fc.oneof(inputFor(schema!), inputFor(schema!, { junk: false })), async (body) => {
          const wire = body === undefined ? undefined : (JSON.parse(JSON.stringify(body)) as unknown);
          const reply = await send(method, path, body);
          totals.bodies++;
          expect(reply.status, `${shape} ${JSON.stringify(body)?.slice(0, 300)}`).toBeLessThan(500);
          expectNoInternals(reply);
          const refused = wire === undefined || unstorableTextPath(wire) !== null || !schema!.safeParse(wire).success;
          if (refused) {
            expectFieldMessages(reply, wire !== undefined);
            totals.refused422++;
          } else if (reply.status < 300) totals.accepted++;
        }),
        { numRuns: RUNS },
      );
    }
  }, FUZZ_TIMEOUT);

  it('never answers 5xx to generated query strings, and refuses what the schema refuses with 422', async () => {
    for (const { method, path, shape } of targets) {
      if (method !== 'GET') continue;
      seen.query = null;
      await send(method, path, undefined);
      const schema = seen.query as z.ZodType | null;
      if (!schema) continue;
      totals.queryEndpoints++;
      const base = path.replace(/\?.*$/, '');
      await fc.assert(
        fc.asyncProperty(inputFor(schema), async (generated) => {
          const params = new URLSearchParams();
          if (generated && typeof generated === 'object' && !Array.isArray(generated)) {
            for (const [key, value] of Object.entries(generated)) params.append(key, typeof value === 'string' ? value : JSON.stringify(value) ?? '');
          }
          const query = Object.fromEntries(params);
          const reply = await send('GET', `${base}?${params.toString()}`, undefined);
          totals.queries++;
          expect(reply.status, `${shape} ?${params.toString().slice(0, 300)}`).toBeLessThan(500);
          expectNoInternals(reply);
          if (unstorableTextPath(query) !== null || !schema.safeParse(query).success) {
            expectFieldMessages(reply, true);
            totals.refused422++;
          }
        }),
        { numRuns: RUNS },
      );
    }
  }, FUZZ_TIMEOUT);

  it('never answers 5xx to hostile ids and dates in paths (too big for the database, not numbers, not dates)', async () => {
    const segment = fc.oneof(
      fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1e3', '0x1f', '1.5', 'NaN', '%00', '%F0%9F%98%80', '..', '2026-02-30', '2026-13-01', '9999-99-99'),
      hostileString.map((s) => s.slice(0, 200).replace(/[\uD800-\uDFFF]/g, '%ED%A0%80')).map((s) => encodeURIComponent(s).replace(/%25ED%25A0%2580/g, '%ED%A0%80')),
    );
    for (const { method, path, shape } of targets) {
      if (!/\/(\d+|\d{4}-\d{2}-\d{2})(?=\/|$|\?)/.test(path)) continue;
      await fc.assert(
        fc.asyncProperty(segment, async (value) => {
          const hostile = path.replace(/\/(\d+|\d{4}-\d{2}-\d{2})(?=\/|$|\?)/, `/${value}`);
          const reply = await send(method, hostile, method === 'GET' ? undefined : {});
          totals.paths++;
          expect(reply.status, `${shape} → ${hostile}`).toBeLessThan(500);
          expectNoInternals(reply);
        }),
        { numRuns: Math.min(RUNS, 20) },
      );
    }
  }, FUZZ_TIMEOUT);
});

describe('text that round-trips, or is refused clearly', () => {
  it('stores Chinese, emoji, control characters, very long text and injection strings exactly as sent (or refuses them with 422), and shows them back as text', async () => {
    const client = (await agent.get('/api/clients/1')).body?.client as { version: number };
    let version = client.version;
    for (const text of [...HOSTILE_STRINGS, ...UNSTORABLE_STRINGS]) {
      const saved = await send('PUT', '/api/clients/1', { ...(await editableClient()), notes: text, nameZh: text.slice(0, 200), version });
      if (saved.status === 200) {
        const back = (await agent.get('/api/clients/1')).body?.client as { notes: string; nameZh: string; version: number };
        // Stored and shown exactly, as text (fields are trimmed, as the form does).
        expect(back.notes).toBe(text.trim());
        expect(back.nameZh).toBe(text.slice(0, 200).trim());
        version = back.version;
      } else {
        expectFieldMessages(saved, true);
      }
    }
    // The SQL in the names above did nothing: the tables are all there, the demo clients too.
    expect((await agent.get('/api/clients')).body?.total).toBeGreaterThan(0);
    expect((await agent.get('/api/orders')).body?.total).toBeGreaterThan(0);
    // Characters the database cannot hold are refused on their field, in the caller's language.
    const refused = await send('PUT', '/api/clients/1', { ...(await editableClient()), notes: 'nul\u0000byte', version });
    expect(refused.status).toBe(422);
    expect(refused.body?.errors).toEqual({ notes: ['This text contains a character that cannot be stored (a null character or a broken emoji).'] });
  });

  it('treats quotes and LIKE wildcards in a search as the characters themselves', async () => {
    expect((await send('POST', '/api/clients', { nameEn: "O'Brien Wildcard 100", nameZh: '', contacts: [], addresses: [], tags: [] })).status).toBe(201);
    const names = async (q: string) => ((await agent.get(`/api/clients?q=${encodeURIComponent(q)}`)).body?.items as { nameEn: string }[]).map((c) => c.nameEn);
    expect(await names("O'Brien")).toContain("O'Brien Wildcard 100");
    expect(await names('Wildcard 100')).toContain("O'Brien Wildcard 100");
    // As wildcards, '_' and '%' would match "100"; as characters they do not.
    expect(await names('Wildcard 1_0')).not.toContain("O'Brien Wildcard 100");
    expect(await names('Wildcard 1%')).not.toContain("O'Brien Wildcard 100");
  });
});

/** Client 1 as its edit form would send it back (without the version). */
async function editableClient(): Promise<Record<string, unknown>> {
  const c = (await agent.get('/api/clients/1')).body?.client as Record<string, unknown>;
  const { nameEn, nameZh, branchId, notes, tags, contacts, addresses } = c;
  return { nameEn, nameZh, branchId, notes, tags, contacts, addresses };
}

describe('numbers the database cannot hold', () => {
  it('ignores an id in a create screen’s query string that is not a usable id (too big, not a number)', async () => {
    for (const path of ['/api/orders/create?client_id=2147483648&appointment_id=99999999999', '/api/quotations/create?client_id=1e3', '/api/orders/create?client_id=-1']) {
      const reply = await send('GET', path, undefined);
      expect(reply.status, path).toBe(200);
      expect(reply.body?.client, path).toBeNull();
    }
    expect((await send('GET', '/api/orders/create?client_id=1', undefined)).body?.client).toMatchObject({ id: 1 });
  });

  it('refuses an id or a version above PostgreSQL’s integer with 422 on the field, in both languages', async () => {
    const order = await send('POST', '/api/orders', { type: 'new_order', date: '2026-11-23', clientId: 2_147_483_648, items: [] });
    expect(order.status).toBe(422);
    expect((order.body?.errors as Record<string, string[]>).clientId).toEqual(['Enter a number no greater than 2147483647.']);
    const zh = new TestAgent(server, 'zh-HK');
    expect((await zh.signIn(admin.email, admin.password)).status).toBe(200);
    const area = await zh.put(targets.find((t) => t.shape === 'PUT /api/areas/:n')!.path, { nameEn: 'X', nameZh: '', region: 'kowloon', version: 2_147_483_648 });
    expect(area.status).toBe(422);
    expect(area.body?.errors).toEqual({ version: ['請輸入不大於 2147483647 的數字。'] });
  });
});
