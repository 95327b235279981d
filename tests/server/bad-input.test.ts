import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod';
import { sniffAttachmentType } from '../../domain/files/file-type';
import { sniffImageType } from '../../domain/files/image-type';
import { isPicture, withoutMetadata } from '../../domain/files/imageMetadata';
import { MAX_UPLOAD_BYTES } from '../../domain/files/upload';
import { CompletionInput } from '../../server/appointments/input';
import { DEFAULT_SERVER_CONFIG } from '../../server/http/env';
import type * as Query from '../../server/http/query';
import type * as Validate from '../../server/http/validate';
import { unstorableTextPath } from '../../server/http/text';
import { totp } from '../support/totp';
import { HOSTILE_STRINGS, hostileString, inputFor, junk, UNSTORABLE_STRINGS } from '../support/zod-arbitrary';
import { ENDPOINTS } from './endpoints';
import { DEMO, type Reply, serverForTests, signedInAgent, TestAgent, type TestServer } from './harness';

/**
 * Bad input, property-based: every endpoint that reads a JSON body or a query string is sent
 * generated values from its own zod schema (tests/support/zod-arbitrary.ts: shaped like the schema,
 * with wrong types, missing and extra fields, out-of-range numbers, over-long and hostile strings
 * mixed in), as an administrator so the input reaches validation. Never a 5xx; whatever the schema
 * refuses is a 422 with a message per field; whatever it accepts is stored or refused by a business
 * rule, never a crash. The schemas are the server's own: a spy on parseJsonBody/parseQuery records
 * which schema each endpoint uses, so a new endpoint is fuzzed without being listed here.
 *
 * The endpoints that read no JSON body get generated bodies of their own: the uploads (files,
 * photos, signatures, logo and chop) random bytes, files of the wrong type, empty bodies, wrong and
 * over-long headers and lengths; the rest junk bodies they must ignore. The calls that end the
 * session or the account (signing out, deleting the account) and the two-factor step of a sign-in
 * are fuzzed from throw-away accounts on a server of their own.
 *
 * FUZZ_RUNS sets the number of generated inputs per endpoint (default 40 here; `npm run soak` runs
 * 1,000). The totals are printed, server errors (5xx) counted rather than assumed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/**
 * Time for one fuzzing test: its requests (RUNS to each of some 70 write endpoints) at a few
 * milliseconds each, generously, since the busy two-core machine may be several times slower.
 */
const FUZZ_TIMEOUT = 120_000 + RUNS * 6_000;

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

const { admin, worker } = DEMO;

/**
 * Calls that would end the fuzzing administrator's session or account: fuzzed from throw-away
 * accounts on a server of their own (*calls that end the session or the account*, below).
 */
const SESSION_ENDING = new Set(['POST /api/logout', 'DELETE /api/user']);

/**
 * The uploads: the body is the file itself. Each is sent generated bodies (*uploads*, below) at a
 * record that exists; `accepts` is what the server takes (by the file's first bytes, never its name
 * or declared type) and `field` the name its 422 message goes under.
 */
type UploadKind = 'attachment' | 'image' | 'png';
const UPLOADS: Readonly<Record<string, { kind: UploadKind; field: string }>> = {
  'PUT /api/user/profile-photo': { kind: 'image', field: 'photo' },
  'POST /api/clients/:n/attachments': { kind: 'attachment', field: 'file' },
  'POST /api/orders/:n/attachments': { kind: 'attachment', field: 'file' },
  'PUT /api/companies/:n/logo': { kind: 'image', field: 'logo' },
  'PUT /api/companies/:n/chop': { kind: 'image', field: 'chop' },
  'PUT /api/appointments/:n/visits/:n/signatures/client': { kind: 'png', field: 'signature' },
  'PUT /api/appointments/:n/visits/:n/signatures/worker': { kind: 'png', field: 'signature' },
  'POST /api/appointments/:n/visits/:n/photos': { kind: 'image', field: 'photo' },
};

/**
 * Endpoints that read no JSON body (an id in the path, or a file): their paths are fuzzed, the
 * uploads get generated files, the others junk bodies they must ignore.
 */
const NO_JSON_BODY = new Set([
  // Answers 422 "no sign-in waiting" before reading the body unless a password was just accepted:
  // fuzzed with a sign-in waiting for its code below.
  'POST /api/two-factor-challenge',
  ...Object.keys(UPLOADS),
  'DELETE /api/user/profile-photo',
  'DELETE /api/user/api-tokens/:n',
  'DELETE /api/areas/:n',
  'DELETE /api/clients/:n',
  'POST /api/clients/:n/hkid/reveal',
  'DELETE /api/attachments/:n',
  'DELETE /api/products/:n',
  'DELETE /api/product-categories/:n',
  'DELETE /api/quotations/:n',
  'POST /api/quotations/:n/links/:n/revoke',
  'POST /api/orders/:n/links/:n/revoke',
  'POST /api/receipts/:n/links/:n/revoke',
  'POST /api/appointments/:n/visits/:n/links/:n/revoke',
  'POST /api/clients/:n/statement/links/:n/revoke',
  'POST /api/receipts/:n/bank-in',
  'POST /api/users/:n/reset-two-factor',
  'POST /api/jobs/:n/retry',
  'DELETE /api/users/:n',
  'DELETE /api/companies/:n',
  'DELETE /api/branches/:n',
  'DELETE /api/roles/:n',
  'DELETE /api/order-terms/:n',
  'DELETE /api/options/payment_method/:n',
  'DELETE /api/holidays/:n',
  'DELETE /api/appointments/:n/visits/:n/signatures/client',
  'DELETE /api/appointments/:n/visits/:n/signatures/worker',
  'DELETE /api/appointments/:n/photos/:n',
  // multipart/form-data: its own fuzz below (*generated completions*).
  'POST /api/appointments/:n/visits/:n/completion',
]);

const shapeOf = (method: string, path: string) => `${method} ${path.replace(/\?.*$/, '').replace(/\/(\d+|\d{4}-\d{2}-\d{2})(?=\/|$)/g, '/:n')}`;

const server = serverForTests();
let agent: TestAgent;
const totals = {
  requests: 0,
  bodies: 0,
  queries: 0,
  paths: 0,
  uploads: 0,
  ignoredBodies: 0,
  sessionBodies: 0,
  refused422: 0,
  accepted: 0,
  endpoints: 0,
  queryEndpoints: 0,
  uploadEndpoints: 0,
  bodylessEndpoints: 0,
  serverErrors: 0,
};

/** Counts a request, and its reply if it is a server error (the test fails on it too). */
async function counted(request: Promise<Reply>): Promise<Reply> {
  totals.requests++;
  const reply = await request;
  if (reply.status >= 500) totals.serverErrors++;
  return reply;
}

/** A body sent as it is (possibly not JSON at all), with the JSON content type. */
class RawJson {
  constructor(readonly text: string) {}
}

async function send(method: string, path: string, body: unknown): Promise<Reply> {
  const once = () => {
    const headers: Record<string, string> = {};
    const xsrf = agent.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    return counted(agent.request(method, path, body === undefined ? undefined : body instanceof RawJson ? body.text : JSON.stringify(body), headers));
  };
  const reply = await once();
  if (reply.status !== 401 && reply.status !== 419) return reply;
  // A generated call ended the session (e.g. a password change): sign in again and send it again.
  agent = await signedInAgent(server, admin);
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

/** An upload as the browser sends it (the file as the body), signed in as the fuzzing administrator. */
async function sendFile(method: string, path: string, bytes: Uint8Array, headers: Record<string, string>): Promise<Reply> {
  const once = () => counted(agent.raw(method, path, bytes, { ...headers, 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN') ?? '' }));
  const reply = await once();
  if (reply.status !== 401 && reply.status !== 419) return reply;
  agent = await signedInAgent(server, admin);
  return once();
}

const bytesOf = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
const concat = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
/** The first bytes by which each accepted type is recognised. */
const MAGIC = [PNG.subarray(0, 8), Uint8Array.of(0xff, 0xd8, 0xff), bytesOf('GIF89a'), bytesOf('RIFF\0\0\0\0WEBP'), bytesOf('%PDF-'), bytesOf('PK\x03\x04')];
/** Whole small files: some accepted somewhere (images, PDF, a Word file), some never (SVG, HTML, programs). */
const FILES = [
  PNG,
  concat(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0), bytesOf('\0\x10JFIF\0')),
  bytesOf('GIF89a\x01\0\x01\0\0\0\0;'),
  bytesOf('RIFF\x1a\0\0\0WEBPVP8 '),
  bytesOf('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'),
  bytesOf('PK\x03\x04\x14\0\0\0[Content_Types].xml word/document.xml'),
  bytesOf('\0\0\0\x18ftypheic\0\0\0\0'),
  bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  bytesOf('<!doctype html><script>alert(document.cookie)</script>'),
  bytesOf('MZ\x90\0\x03\0\0\0'),
  bytesOf('PK\x03\x04 not an office file'),
  bytesOf('#!/bin/sh\nrm -rf /\n'),
  bytesOf('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1'),
];
/** One byte over the limit, with a PNG's first bytes (it would be accepted if it were smaller). */
const OVERSIZE = concat(PNG.subarray(0, 8), new Uint8Array(MAX_UPLOAD_BYTES - 7));
/** Content-Length values: over the limit, not the body's length, not a number. */
const DECLARED = {
  'over the limit': () => String(MAX_UPLOAD_BYTES + 1),
  'one more': (n: number) => String(n + 1),
  'one less': (n: number) => String(n - 1),
  'the length': (n: number) => String(n),
  'not a number': () => 'abc',
  negative: () => '-1',
  zero: () => '0',
} as const;
/** A header the fetch API can carry: the app's own percent-encoding, which fails on half an emoji. */
const headerSafe = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};
const generatedUpload = fc.record(
  {
    bytes: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...FILES) },
      { weight: 5, arbitrary: fc.uint8Array({ maxLength: 4096 }) },
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 1024 })).map(([head, tail]) => concat(head, tail)) },
      { weight: 2, arbitrary: fc.constant(new Uint8Array(0)) },
      { weight: 2, arbitrary: hostileString.map((text) => new TextEncoder().encode(text)) },
      { weight: 1, arbitrary: fc.jsonValue().map((v) => new TextEncoder().encode(JSON.stringify(v))) },
      { weight: 1, arbitrary: fc.constant(OVERSIZE) },
    ),
    declared: fc.constantFrom(...(Object.keys(DECLARED) as (keyof typeof DECLARED)[])),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'application/json', 'text/html', 'image/svg+xml', 'application/octet-stream', 'multipart/form-data; boundary=----x', 'image/png; charset=utf-8', 'nonsense', 'x/'.repeat(5_000)),
    name: fc.oneof(
      hostileString.map(headerSafe),
      fc.stringMatching(/^[!-~][ -~]{0,80}$/),
      fc.constantFrom('../../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', 'C%3A%5CWindows%5Csystem.ini', '%E0%A4%A', '%', '%00.png', 'photo.png%0D%0ASet-Cookie%3A%20x%3D1', headerSafe('長'.repeat(20_000))),
    ),
  },
  { requiredKeys: ['bytes'] },
);

/** What the server must answer to an upload: stored, or the refusal's status (lengths, then size, then content). */
function expectedUpload(kind: UploadKind, bytes: Uint8Array, declared: string | undefined): 'stored' | 400 | 413 | 422 {
  if (declared !== undefined && Number(declared) > MAX_UPLOAD_BYTES) return 413;
  if (bytes.length > MAX_UPLOAD_BYTES) return 413;
  if (declared !== undefined && Number(declared) !== bytes.length) return 400;
  if (bytes.length === 0) return 422;
  const type = kind === 'attachment' ? sniffAttachmentType(bytes) : sniffImageType(bytes);
  const accepted = type !== null && (kind !== 'png' || type === 'image/png');
  // A picture is stored without its metadata, so one that cannot be read to its end is refused too (issue 31 item 7).
  const readable = type === null || !isPicture(type) || withoutMetadata(bytes, type).isOk();
  return accepted && readable ? 'stored' : 422;
}

/** The endpoints to fuzz, with ids of records that exist (an edit must reach its validation). */
let targets: { method: string; path: string; shape: string }[] = [];

beforeAll(async () => {
  agent = await signedInAgent(server, admin);
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
  targets = ENDPOINTS.filter(([method, path]) => !SESSION_ENDING.has(`${method} ${path}`)).map(([method, rawPath]) => {
    let path = rawPath;
    for (const [collection, id] of Object.entries(idFor)) if (id !== undefined) path = path.replace(new RegExp(`^/api/${collection}/999$`), `/api/${collection}/${id}`);
    // Edits of a user go to the worker, so the administrator fuzzing keeps their own rights.
    path = path.replace(/^\/api\/users\/1$/, `/api/users/${workerId}`);
    return { method, path, shape: shapeOf(method, rawPath) };
  });
});

afterAll(() => {
  const t = totals;
  console.log(
    `[fuzz] ${RUNS} inputs per endpoint: ${t.bodies} bodies to ${t.endpoints} write endpoints, ${t.queries} query strings to ${t.queryEndpoints} read endpoints, ${t.paths} hostile paths, ` +
      `${t.uploads} generated files to ${t.uploadEndpoints} upload endpoints, ${t.ignoredBodies} junk bodies to ${t.bodylessEndpoints} body-less endpoints, ${t.sessionBodies} bodies to sign-out, account deletion and the two-factor step; ` +
      `${t.requests} requests, ${t.refused422} refused with 422, ${t.accepted} accepted, ${t.serverErrors} server errors`,
  );
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

  it('never answers 5xx to generated uploads: random bytes, files of the wrong type, empty, too big, wrong lengths and headers; stores only what it accepts', async () => {
    expect(Object.keys(UPLOADS).filter((shape) => !targets.some((t) => t.shape === shape))).toEqual([]);
    const me = (await send('GET', '/api/user', undefined)).body!.user as { id: number };
    const appointment = await send('POST', '/api/appointments', { clientId: 1, address: '灣仔道 1 號', workerIds: [me.id], date: '2031-07-07', startTime: '09:00', endTime: '10:00', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } });
    expect(appointment.status, JSON.stringify(appointment.body)).toBe(201);
    const visit = [String((appointment.body!.appointment as { id: number }).id), '2031-07-07'];
    for (const [shape, { kind, field }] of Object.entries(UPLOADS)) {
      const [method = '', pattern = ''] = shape.split(' ');
      const ids = pattern.startsWith('/api/appointments/') ? [...visit] : ['1'];
      const path = pattern.replace(/:n/g, () => ids.shift()!);
      totals.uploadEndpoints++;
      await fc.assert(
        fc.asyncProperty(generatedUpload, async ({ bytes, declared, type, name }) => {
          const length = declared === undefined ? undefined : DECLARED[declared](bytes.length);
          const headers: Record<string, string> = {
            ...(type === undefined ? {} : { 'Content-Type': type }),
            ...(name === undefined ? {} : { 'X-File-Name': name }),
            ...(length === undefined ? {} : { 'Content-Length': length }),
          };
          const files = server.files.size;
          const reply = await sendFile(method, path, bytes, headers);
          totals.uploads++;
          const what = `${shape}: ${bytes.length} bytes ${JSON.stringify(bytes.subarray(0, 12))}, ${JSON.stringify(headers).slice(0, 200)}`;
          expect(reply.status, what).toBeLessThan(500);
          expectNoInternals(reply);
          const expected = expectedUpload(kind, bytes, length);
          if (expected === 'stored') {
            expect(reply.status, what).toBe(method === 'POST' ? 201 : 200);
            if (method === 'POST') expect(server.files.size, what).toBe(files + 1);
            totals.accepted++;
            return;
          }
          expect(reply.status, what).toBe(expected);
          expect(server.files.size, `${what}: a refused upload left a file`).toBe(files);
          if (expected === 422) {
            expectFieldMessages(reply, true);
            expect(Object.keys(reply.body!.errors as object), what).toEqual([field]);
            totals.refused422++;
          } else expect(typeof reply.body?.message === 'string' && reply.body.message.length > 0, what).toBe(true);
        }),
        { numRuns: RUNS },
      );
    }
  }, FUZZ_TIMEOUT);

  it('never answers 5xx to generated completions (multipart: JSON part, photos, signatures, key), and a refused one stores nothing', async () => {
    const me = (await send('GET', '/api/user', undefined)).body!.user as { id: number };
    const made = await send('POST', '/api/appointments', { clientId: 1, address: '灣仔道 1 號', workerIds: [me.id], date: '2026-11-23', startTime: '09:00', endTime: '10:00', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = `/api/appointments/${(made.body!.appointment as { id: number }).id}/visits/2026-11-23/completion`;
    const file = fc.oneof(fc.constantFrom(...FILES), fc.uint8Array({ maxLength: 512 }));
    const generated = fc.record({
      json: fc.oneof(inputFor(CompletionInput as z.ZodType).map((v) => JSON.stringify(v) ?? ''), hostileString, fc.constant('{')),
      photos: fc.array(file, { maxLength: 3 }),
      client: fc.option(file),
      worker: fc.option(file),
      key: fc.oneof(fc.uuid(), hostileString.map(headerSafe)),
      multipart: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(generated, async ({ json, photos, client, worker, key, multipart }) => {
        const form = new FormData();
        form.append('completion', json);
        for (const photo of photos) form.append('photo', new Blob([photo.slice()]), 'p.jpg');
        if (client) form.append('clientSignature', new Blob([client.slice()]), 'c.png');
        if (worker) form.append('workerSignature', new Blob([worker.slice()]), 'w.png');
        const encoded = new Response(form);
        const files = server.files.size;
        const reply = await sendFile('POST', path, new Uint8Array(await encoded.arrayBuffer()), { 'Content-Type': multipart ? encoded.headers.get('content-type')! : 'application/json', 'Idempotency-Key': key });
        totals.uploads++;
        expect(reply.status, `${json.slice(0, 200)} ${photos.length} photos`).toBeLessThan(500);
        expectNoInternals(reply);
        if (reply.status !== 200) expect(server.files.size).toBe(files);
      }),
      { numRuns: RUNS },
    );
  }, FUZZ_TIMEOUT);

  it('never answers 5xx to junk bodies sent to the endpoints that read none (deletes, a reveal, a reset, a bank-in)', async () => {
    const junkBody = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      junk.map((v) => JSON.stringify(v)),
      hostileString,
      fc.constantFrom('', '{', '{"version":', 'null', '[]', '\u0000', '{"__proto__":{"isAdmin":true}}'),
    );
    for (const { method, path, shape } of targets) {
      if (!NO_JSON_BODY.has(shape) || shape in UPLOADS || shape === 'POST /api/two-factor-challenge') continue;
      totals.bodylessEndpoints++;
      await fc.assert(
        fc.asyncProperty(junkBody, async (text) => {
          const reply = await send(method, path, new RawJson(text));
          totals.ignoredBodies++;
          expect(reply.status, `${shape} ${text.slice(0, 200)}`).toBeLessThan(500);
          expectNoInternals(reply);
        }),
        { numRuns: Math.min(RUNS, 20) },
      );
    }
  }, FUZZ_TIMEOUT);
});

describe('calls that end the session or the account, and the two-factor step (throw-away accounts, a server of their own)', () => {
  /** Rate limits as configured: a run of wrong passwords meets the limit, as a real caller would. */
  const own = serverForTests();
  /** Every attempt reaches the code check (the limits are tested in auth.test.ts and accounts.test.ts). */
  const unlimited = serverForTests({ ...DEFAULT_SERVER_CONFIG, attemptsPerMinute: 1_000_000 });
  let throwaways = 0;

  const sendAs = (who: TestAgent, method: string, path: string, body: string | undefined) => {
    const xsrf = who.cookies.get('XSRF-TOKEN');
    return counted(who.request(method, path, body, xsrf ? { 'X-XSRF-TOKEN': xsrf } : {}));
  };
  /** A new staff account (no administrator, no records), made by the administrator of `on`. */
  const throwaway = async (on: TestServer) => {
    const email = `throwaway${++throwaways}@example.com`;
    const password = 'Throwaway1234';
    const by = await signedInAgent(on, admin);
    const reply = await by.post('/api/users', { name: `Throw-away ${throwaways}`, email, language: 'en', roleId: null, branchId: 1, isAdmin: false, active: true, password, password_confirmation: password });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return { email, password };
  };
  /** The body as it goes on the wire (undefined: no body at all). */
  const wireOf = (body: unknown) => (body === undefined ? undefined : (JSON.parse(JSON.stringify(body)) as unknown));
  const refusedBySchema = (schema: z.ZodType, wire: unknown) => wire === undefined || unstorableTextPath(wire) !== null || !schema.safeParse(wire).success;
  /** Any body at all: JSON of any shape, junk, text that is not JSON. */
  const anyBody = fc.oneof(fc.constant(undefined), fc.jsonValue().map((v) => JSON.stringify(v)), junk.map((v) => JSON.stringify(v)), hostileString, fc.constantFrom('', '{', '{"password":'));

  it('sign-out ignores whatever body it is sent: 204, and the session it ended no longer works (signed in or a guest)', async () => {
    const account = await throwaway(own);
    const signOut = async (who: TestAgent, body: string | undefined) => {
      const before = new TestAgent(own);
      for (const [name, value] of who.cookies) before.cookies.set(name, value);
      const reply = await sendAs(who, 'POST', '/api/logout', body);
      totals.sessionBodies++;
      expect(reply.status, String(body).slice(0, 200)).toBe(204);
      // The old session cookie is signed out on the server, not only replaced in this browser.
      expect((await before.get('/api/user')).status).toBe(401);
      expect((await who.get('/api/heartbeat')).body).toEqual({ auth: false });
    };
    // Signed in: a sign-in per run (a password hash each), so fewer runs.
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => signOut(await signedInAgent(own, account), body)),
      { numRuns: Math.min(RUNS, 10) },
    );
    const guest = new TestAgent(own);
    await guest.get('/api/csrf-cookie');
    await fc.assert(
      fc.asyncProperty(anyBody, (body) => signOut(guest, body)),
      { numRuns: RUNS },
    );
  }, FUZZ_TIMEOUT);

  it('account deletion refuses generated bodies (422 on the field, or 429 once five wrong passwords are spent) and keeps the account; the right password deletes it', async () => {
    const account = await throwaway(own);
    let who = await signedInAgent(own, account);
    seen.body = null;
    await sendAs(who, 'DELETE', '/api/user', '{}');
    const schema = seen.body as z.ZodType | null;
    expect(schema).not.toBeNull();
    let throttled = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(inputFor(schema!), inputFor(schema!, { junk: false })), async (body) => {
        const wire = wireOf(body);
        const reply = await sendAs(who, 'DELETE', '/api/user', body === undefined ? undefined : JSON.stringify(body));
        totals.sessionBodies++;
        const what = JSON.stringify(body)?.slice(0, 200);
        expect(reply.status, what).toBeLessThan(500);
        expectNoInternals(reply);
        if (refusedBySchema(schema!, wire)) {
          expectFieldMessages(reply, wire !== undefined);
          totals.refused422++;
        } else if (reply.status === 429) {
          throttled++;
          expect(reply.body?.message).toMatch(/^Too many incorrect passwords\. Please try again in \d+ seconds\.$/);
        } else {
          // A wrong password: refused on its field; the account and its session stay.
          expectFieldMessages(reply, true);
          expect(reply.body?.errors).toEqual({ password: ['The password is incorrect.'] });
          totals.refused422++;
        }
      }),
      { numRuns: RUNS },
    );
    expect((await who.get('/api/user')).status).toBe(200);
    // The limit met (if it was) passes with the minute; then the right password deletes the account.
    if (throttled > 0) own.clock.advance(61_000);
    const deleted = await sendAs(who, 'DELETE', '/api/user', JSON.stringify({ password: account.password }));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await who.get('/api/user')).status).toBe(401);
    who = new TestAgent(own);
    expect((await who.signIn(account.email, account.password)).status).toBe(422);
  }, FUZZ_TIMEOUT);

  it('the two-factor step refuses generated bodies (422 on the field, never 5xx) with a sign-in waiting for its code, and without one says no sign-in is waiting', async () => {
    const account = await throwaway(unlimited);
    const enrolling = await signedInAgent(unlimited, account);
    const { secret } = (await enrolling.post('/api/user/two-factor-authentication', { password: account.password })).body as { secret: string };
    expect((await enrolling.post('/api/user/confirmed-two-factor-authentication', { code: totp(secret, unlimited.clock.now()) })).status).toBe(200);
    unlimited.clock.advance(30_000);
    const waiting = async () => {
      const fresh = new TestAgent(unlimited);
      expect((await fresh.signIn(account.email, account.password)).body).toEqual({ two_factor: true });
      return fresh;
    };
    let who = await waiting();
    seen.body = null;
    await sendAs(who, 'POST', '/api/two-factor-challenge', '{}');
    const schema = seen.body as z.ZodType | null;
    expect(schema).not.toBeNull();
    const sixDigits = fc.stringMatching(/^\d{6}$/).map((code) => ({ code }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(inputFor(schema!), inputFor(schema!, { junk: false }), sixDigits), async (body) => {
        const wire = wireOf(body);
        const reply = await sendAs(who, 'POST', '/api/two-factor-challenge', body === undefined ? undefined : JSON.stringify(body));
        totals.sessionBodies++;
        const what = JSON.stringify(body)?.slice(0, 200);
        expect(reply.status, what).toBeLessThan(500);
        expectNoInternals(reply);
        if (refusedBySchema(schema!, wire)) {
          expectFieldMessages(reply, wire !== undefined);
          totals.refused422++;
        } else if (reply.status === 200) {
          // Six digits that happened to be the code of the moment: signed in; wait for a code again.
          who = await waiting();
        } else {
          expectFieldMessages(reply, true);
          const taken = schema!.parse(wire) as object;
          expect(Object.keys(reply.body!.errors as object), what).toEqual(['code' in taken ? 'code' : 'recovery_code']);
          totals.refused422++;
        }
      }),
      { numRuns: RUNS },
    );
    // Still waiting for the code, and the right one signs in.
    const signedIn = await sendAs(who, 'POST', '/api/two-factor-challenge', JSON.stringify({ code: totp(secret, unlimited.clock.now()) }));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((signedIn.body!.user as { email: string }).email).toBe(account.email);

    // No sign-in waiting: whatever the body, 422 saying so (the body is not even read).
    const guest = new TestAgent(unlimited);
    await guest.get('/api/csrf-cookie');
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const reply = await sendAs(guest, 'POST', '/api/two-factor-challenge', body);
        totals.sessionBodies++;
        expect(reply.status, String(body).slice(0, 200)).toBe(422);
        expect(reply.body).toMatchObject({ challenge_expired: true });
      }),
      { numRuns: Math.min(RUNS, 20) },
    );
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

  it('does the same for the text of a product, a quotation line, an order’s notes, an order term and an option: each field round-trips exactly, or over its limit or unstorable is refused with 422 on that field', async () => {
    type Saved = { id: number; version: number };
    const item = { productId: null, descriptionEn: 'Survey', descriptionZh: '勘察', quantity: 100, unitPrice: 30_000 };
    // Records edited in place (each save carries the version the last one returned).
    const created = async (path: string, body: unknown, key: string) => {
      const reply = await send('POST', path, body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body![key] as Saved & Record<string, unknown>;
    };
    const product = await created('/api/products', { code: 'RT-TEXT', nameEn: 'Round trip', nameZh: '往返', unit: 'visit', unitPrice: 1_000, commissionRateBp: null }, 'product');
    const term = await created('/api/order-terms', { titleEn: 'Round trip', titleZh: '往返', bodyEn: 'Text', bodyZh: '內容' }, 'term');
    const option = await created('/api/options/payment_method', { value: 'round_trip', labelEn: 'Round trip', labelZh: '往返' }, 'option');
    const edited = (path: () => string, record: Saved & Record<string, unknown>, key: string, name: string) => async (text: string) => {
      const reply = await send('PUT', path(), { ...record, [name]: text });
      if (reply.status === 200) Object.assign(record, reply.body![key] as Saved);
      return reply;
    };
    const fromList = async (path: string, id: number, name: string): Promise<[Reply, unknown]> => {
      const reply = await send('GET', path, undefined);
      const items = (reply.body?.items as Record<string, unknown>[] | undefined) ?? (reply.list as Record<string, unknown>[]);
      return [reply, items.find((r) => r.id === id)?.[name]];
    };
    const fromRecord = async (path: string, pick: (body: Record<string, unknown>) => unknown): Promise<[Reply, unknown]> => {
      const reply = await send('GET', path, undefined);
      return [reply, pick(reply.body!)];
    };
    const idOf = (reply: Reply, key: string) => (reply.body![key] as Saved).id;

    const fields: { what: string; field: string; max: number; save: (text: string) => Promise<Reply>; read: (saved: Reply) => Promise<[Reply, unknown]> }[] = [
      ...(['nameEn', 'nameZh'] as const).map((name) => ({
        what: `product ${name}`,
        field: name,
        max: 200,
        save: edited(() => `/api/products/${product.id}`, product, 'product', name),
        read: () => fromRecord(`/api/products/${product.id}`, (b) => (b.product as Record<string, unknown>)[name]),
      })),
      ...(['descriptionEn', 'descriptionZh'] as const).map((name) => ({
        what: `quotation line ${name}`,
        field: `items.0.${name}`,
        max: 500,
        save: (text: string) => send('POST', '/api/quotations', { kind: 'basic', date: '2027-06-01', clientId: 1, validDays: 30, items: [{ ...item, [name]: text }] }),
        read: (saved: Reply) => fromRecord(`/api/quotations/${idOf(saved, 'quotation')}`, (b) => (b.quotation as { items: Record<string, unknown>[] }).items[0]?.[name]),
      })),
      {
        what: 'order notes',
        field: 'notes',
        max: 5_000,
        save: (text: string) => send('POST', '/api/orders', { type: 'new_order', date: '2027-06-01', clientId: 1, items: [item], notes: text }),
        read: (saved: Reply) => fromRecord(`/api/orders/${idOf(saved, 'order')}`, (b) => (b.order as Record<string, unknown>).notes),
      },
      ...([['titleEn', 200], ['titleZh', 200], ['bodyEn', 5_000], ['bodyZh', 5_000]] as const).map(([name, max]) => ({
        what: `order term ${name}`,
        field: name,
        max,
        save: edited(() => `/api/order-terms/${term.id}`, term, 'term', name),
        read: () => fromList('/api/order-terms', term.id, name),
      })),
      ...(['labelEn', 'labelZh'] as const).map((name) => ({
        what: `option ${name}`,
        field: name,
        max: 120,
        save: edited(() => `/api/options/payment_method/${option.id}`, option, 'option', name),
        read: () => fromList('/api/options/payment_method', option.id, name),
      })),
    ];
    let roundTrips = 0;
    for (const { what, field, max, save, read } of fields) {
      // The hostile strings, and the field's own limit: exactly at it, and one character over.
      for (const text of [...HOSTILE_STRINGS, ...UNSTORABLE_STRINGS, '字'.repeat(max), '字'.repeat(max + 1)]) {
        const label = `${what}: ${JSON.stringify(text.slice(0, 40))} (${text.length} characters)`;
        const saved = await save(text);
        if (unstorableTextPath(text) === null && text.trim().length <= max) {
          expect(saved.status, `${label} → ${JSON.stringify(saved.body).slice(0, 300)}`).toBeLessThan(300);
          const [back, value] = await read(saved);
          // Exactly as sent (trimmed, as the form trims), and as JSON: never HTML for a browser to run.
          expect(value, label).toBe(text.trim());
          expect(back.headers.get('content-type'), label).toMatch(/^application\/json/);
          expect(back.headers.get('x-content-type-options'), label).toBe('nosniff');
          roundTrips++;
        } else {
          expectFieldMessages(saved, true);
          expect(Object.keys(saved.body!.errors as object), label).toEqual([field]);
        }
      }
    }
    expect(roundTrips).toBeGreaterThan(fields.length * 20);
    // The SQL in the texts above did nothing: the tables and the demo rows are all there.
    for (const path of ['/api/products', '/api/quotations', '/api/orders', '/api/clients']) expect((await send('GET', path, undefined)).body?.total, path).toBeGreaterThan(0);
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

describe('dates outside the calendar the business keeps (1900-01-01 to 2100-12-31)', () => {
  const RANGE_EN = 'Enter a date from 1900-01-01 to 2100-12-31.';
  const RANGE_ZH = '請輸入 1900-01-01 至 2100-12-31 之間的日期。';
  const line = { productId: null, descriptionEn: 'Survey', quantity: 100, unitPrice: 50_000 };
  /** One bad date in each kind of place: a body field, a nested one, a query parameter. */
  const CASES: [what: string, method: string, path: string, body: unknown, field: string][] = [
    ['an order', 'POST', '/api/orders', { type: 'new_order', date: '9999-12-31', clientId: 1, items: [line] }, 'date'],
    ['an order’s due date', 'POST', '/api/orders', { type: 'new_order', date: '2026-11-23', dueDate: '2101-01-01', clientId: 1, items: [line] }, 'dueDate'],
    ['a quotation', 'POST', '/api/quotations', { kind: 'basic', date: '1899-12-31', clientId: 1, items: [line] }, 'date'],
    ['a receipt', 'POST', '/api/orders/1/receipts', { kind: 'receipt', date: '9999-12-31', method: 'cash', amount: 100 }, 'date'],
    ['an appointment', 'POST', '/api/appointments', { clientId: 1, workerIds: [1], date: '9999-12-31' }, 'date'],
    ['an appointment’s end', 'POST', '/api/appointments', { clientId: 1, workerIds: [1], date: '2026-12-01', recurrence: { freq: 'weekly' }, end: { kind: 'until', until: '2200-01-01' } }, 'end.until'],
    ['a holiday', 'POST', '/api/holidays', { date: '0001-01-01', nameEn: 'Long ago', nameZh: '很久以前' }, 'date'],
    ['the calendar’s range', 'GET', '/api/appointments?start=9999-12-01&end=9999-12-31', undefined, 'start'],
    ['an appointment’s visit', 'GET', '/api/appointments/1?tab=report&date=9999-12-31', undefined, 'date'],
    ['the order list', 'GET', '/api/orders?date_from=9999-12-31', undefined, 'date_from'],
    ['a report', 'GET', '/api/reports/orders/order?date_from=2026-01-01&date_to=9999-12-31', undefined, 'date_to'],
    ['the audit log', 'GET', '/api/audits?from=1800-01-01', undefined, 'from'],
  ];

  it('refuses each with 422 and the range on the field, in both languages, storing nothing', async () => {
    const zh = new TestAgent(server, 'zh-HK');
    expect((await zh.signIn(admin.email, admin.password)).status).toBe(200);
    const counts = async () => Promise.all((['orders', 'quotations', 'receipts', 'appointments', 'holidays'] as const).map(async (t) => (await server.db.selectFrom(t).select(server.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    const before = await counts();
    const wrong: string[] = [];
    for (const [what, method, path, body, field] of CASES) {
      const en = await send(method, path, body);
      const zhReply = method === 'GET' ? await zh.get(path) : await zh.request(method, path, body, { 'X-XSRF-TOKEN': zh.cookies.get('XSRF-TOKEN')! });
      const enErrors = (en.body?.errors ?? {}) as Record<string, string[]>;
      const zhErrors = (zhReply.body?.errors ?? {}) as Record<string, string[]>;
      if (en.status !== 422 || !enErrors[field]?.includes(RANGE_EN)) wrong.push(`${what} (en) → ${en.status} ${JSON.stringify(en.body)}`);
      if (zhReply.status !== 422 || !zhErrors[field]?.includes(RANGE_ZH)) wrong.push(`${what} (zh-HK) → ${zhReply.status} ${JSON.stringify(zhReply.body)}`);
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('takes the first and last day of the range, and says a day that does not exist is not a date', async () => {
    for (const date of ['1900-01-01', '2100-12-31']) {
      const order = await send('POST', '/api/orders', { type: 'new_order', date, clientId: 1, items: [line] });
      expect(order.status, `${date}: ${JSON.stringify(order.body)}`).toBe(201);
    }
    const slip = await send('POST', '/api/orders', { type: 'new_order', date: '2026-02-30', clientId: 1, items: [line] });
    expect(slip.status).toBe(422);
    expect((slip.body?.errors as Record<string, string[]>).date).toEqual(['Enter a date as YYYY-MM-DD, one that exists on the calendar.']);
  });
});
