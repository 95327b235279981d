import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/*
 * Issue 31 item 3: one request stalled everyone. A 40 MB completion of 780,000 one-byte parts, to a
 * visit that is not the worker's, was read and parsed whole before anything was checked (6.7 s, and
 * every other user's heartbeat waited 6.4 s). Now the visit is checked from the path before the body
 * is read, and the body is parsed as it streams, refused at the first limit it passes.
 */

const server = serverForTests();
const MB = 1024 * 1024;
let admin: TestAgent;
let worker: TestAgent;
let workerId: number;
let clientId: number;
let adminId: number;

const encoder = new TextEncoder();
const BOUNDARY = 'b0undary';

function png(size: number): Uint8Array {
  const image = new PNG({ width: size, height: size });
  image.data.fill(200);
  return new Uint8Array(PNG.sync.write(image));
}

/** One part of a multipart body (a file when it has a file name). */
function part(name: string, body: Uint8Array | string, fileName?: string, extraHeader = ''): Uint8Array {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n${fileName ? 'Content-Type: image/png\r\n' : ''}${extraHeader}\r\n`;
  const content = typeof body === 'string' ? encoder.encode(body) : body;
  const bytes = new Uint8Array(head.length + content.length + 2);
  bytes.set(encoder.encode(head));
  bytes.set(content, head.length);
  bytes.set(encoder.encode('\r\n'), head.length + content.length);
  return bytes;
}

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const end = encoder.encode(`--${BOUNDARY}--\r\n`);
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0) + end.length);
  let at = 0;
  for (const p of [...parts, end]) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}

const completionJson = (photos: number) =>
  JSON.stringify({ workDone: 'Gel bait', findings: 'Droppings', pestsFound: '', areasTreated: '', productsUsed: [], clientSigner: 'Mrs Wong', version: 0, workerSignerId: null, confirmFuture: false, photoTags: Array(photos).fill(null) });

/** The form the phone sends: the JSON part, `photos` photos, both signatures. */
function completionParts(photos: number): Uint8Array[] {
  const picture = png(8);
  return [part('completion', completionJson(photos)), ...Array.from({ length: photos }, (_, i) => part('photo', picture, `p${i}.png`)), part('clientSignature', picture, 'c.png'), part('workerSignature', picture, 'w.png')];
}

/** The attack's boundary: one letter, so that 780,000 parts fit under the completion's limit. */
const TINY = 'B';

/**
 * The attack: `count` one-byte parts named `name`: 780,000 of them named "x" are 52 bytes each,
 * 40.6 MB in all, under the completion's 40 MiB limit, so the size alone does not refuse it.
 */
function manyTinyParts(count: number, name: string): Uint8Array {
  const one = encoder.encode(`--${TINY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`);
  const end = encoder.encode(`--${TINY}--\r\n`);
  const bytes = new Uint8Array(one.length * count + end.length);
  for (let i = 0; i < count; i++) bytes.set(one, i * one.length);
  bytes.set(end, one.length * count);
  return bytes;
}

/**
 * `bytes` sent as a request body a 64 KB chunk at a time, as the server asks for them (`pulled`
 * counts what it asked for); `declare` sends the Content-Length, `breakAt` breaks the body off there.
 */
function send(agent: TestAgent, method: string, path: string, bytes: Uint8Array, options: { contentType?: string; declare?: number | false; breakAt?: number; headers?: Record<string, string> } = {}) {
  const CHUNK = 64 * 1024;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.breakAt !== undefined && pulled >= options.breakAt) return controller.error(new Error('connection reset'));
      if (pulled >= bytes.length) return controller.close();
      const chunk = bytes.subarray(pulled, pulled + CHUNK);
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const headers: Record<string, string> = {
    Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN') ?? '',
    'Content-Type': options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`,
    'Accept-Language': 'en',
    ...options.headers,
  };
  const declared = options.declare === undefined ? bytes.length : options.declare;
  if (declared !== false) headers['Content-Length'] = String(declared);
  const started = performance.now();
  const response = Promise.resolve(server.app.request(new Request(`http://localhost${path}`, { method, headers, body, duplex: 'half' } as RequestInit))).then(async (reply) => ({
    status: reply.status,
    body: (await reply.json()) as { message: string; errors?: Record<string, string[]> },
    headers: reply.headers,
    ms: performance.now() - started,
  }));
  return { response, pulled: () => pulled };
}

const tinyParts = { contentType: `multipart/form-data; boundary=${TINY}` };

const complete = (agent: TestAgent, id: number, date: string, bytes: Uint8Array, options: Parameters<typeof send>[4] = {}) =>
  send(agent, 'POST', `/api/appointments/${id}/visits/${date}/completion`, bytes, { ...options, headers: { 'Idempotency-Key': randomUUID(), ...options.headers } });

async function appointment(date: string, workerIds: number[]): Promise<number> {
  const made = await admin.post('/api/appointments', { clientId, address: '灣仔道 8 號', areaId: 2, workerIds, date, startTime: '10:00', endTime: '11:00', recurrence: { freq: 'once' }, end: { kind: 'never' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body!.appointment as { id: number }).id;
}

/** The figures docs/reliability.md quotes, printed with PRINT_FIGURES=1. */
const report = (what: string, figures: Record<string, number>) => {
  if (process.env.PRINT_FIGURES) console.info(what, Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Math.round(v)])));
};

/** How long a heartbeat of `agent` takes, in ms. */
async function heartbeat(agent: TestAgent): Promise<number> {
  const started = performance.now();
  const reply = await agent.get('/api/heartbeat');
  expect(reply.status).toBe(200);
  return performance.now() - started;
}

beforeAll(async () => {
  admin = await signedInAgent(server, DEMO.admin);
  worker = await signedInAgent(server, DEMO.worker);
  workerId = (await server.db.selectFrom('users').select('id').where('email', '=', DEMO.worker.email).executeTakeFirstOrThrow()).id;
  adminId = (await server.db.selectFrom('users').select('id').where('email', '=', DEMO.admin.email).executeTakeFirstOrThrow()).id;
  clientId = (await server.db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});

describe('a completion of 780,000 one-byte parts (40 MB)', () => {
  const attack = manyTinyParts(780_000, 'x');

  it('to a visit that is not the worker’s: refused from the path in well under a second, its body unread, another user’s heartbeat unaffected', async () => {
    expect(attack.length).toBeGreaterThan(40_000_000);
    const notMine = await appointment('2026-11-23', [adminId]);
    const baseline = Math.max(await heartbeat(admin), await heartbeat(admin), await heartbeat(admin));

    const sent = complete(worker, notMine, '2026-11-23', attack, tinyParts);
    const [refused, beside] = await Promise.all([sent.response, heartbeat(admin)]);
    report('not the worker’s visit (ms):', { refused: refused.ms, heartbeatAlone: baseline, heartbeatBeside: beside });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.ms).toBeLessThan(1000);
    // The body was not read: at most the chunk the stream hands over before anyone asks.
    expect(sent.pulled()).toBeLessThanOrEqual(2 * 64 * 1024);
    // Generous bounds: the machine is busy; before the fix the heartbeat waited 6.4 s.
    expect(beside).toBeLessThan(Math.max(1000, 5 * baseline));
  });

  it('to the worker’s own visit, named "photo" (740,000 of them, 41 MB): refused at the 31st photo, a few kilobytes in, while another user’s heartbeat answers', async () => {
    const mine = await appointment('2026-11-23', [workerId]);
    const baseline = Math.max(await heartbeat(admin), await heartbeat(admin), await heartbeat(admin));
    const photos = manyTinyParts(740_000, 'photo');
    expect(photos.length).toBeGreaterThan(41_000_000);
    const sent = complete(worker, mine, '2026-11-23', photos, tinyParts);
    const [refused, beside] = await Promise.all([sent.response, heartbeat(admin)]);
    report('the worker’s own visit (ms):', { refused: refused.ms, heartbeatAlone: baseline, heartbeatBeside: beside });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('Too many “photo” parts: at most 30. Nothing was saved.');
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.ms).toBeLessThan(1000);
    expect(sent.pulled()).toBeLessThanOrEqual(3 * 64 * 1024);
    expect(beside).toBeLessThan(Math.max(1000, 5 * baseline));
    expect(await server.db.selectFrom('appointment_visits').select('id').where('appointment_id', '=', mine).execute()).toEqual([]);
  });

  it('of parts the form does not take: refused at the first one', async () => {
    const mine = await appointment('2026-11-22', [workerId]);
    const sent = complete(worker, mine, '2026-11-22', attack, tinyParts);
    const refused = await sent.response;
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The form has a part this upload does not take: “x”. Nothing was saved.');
    expect(sent.pulled()).toBeLessThanOrEqual(2 * 64 * 1024);
  });
});

describe('each limit of a multipart body, refused with its message', () => {
  let visit: number;
  const date = '2026-11-21';
  beforeAll(async () => {
    visit = await appointment(date, [workerId]);
  });

  it('takes the form the phone sends', async () => {
    const id = await appointment('2026-11-20', [workerId]);
    const done = await complete(worker, id, '2026-11-20', joined(completionParts(2))).response;
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('a body over 40 MB: declared, refused before it is read; chunked, refused as it passes the limit', async () => {
    const big = new Uint8Array(41 * MB);
    big.set(joined(completionParts(0)));
    const declared = complete(worker, visit, date, big);
    const refused = await declared.response;
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('The upload is too large: at most 40 MB can be sent at once. Nothing was saved.');
    expect(declared.pulled()).toBeLessThanOrEqual(2 * 64 * 1024);

    // Nine photos of 5 MB each, sent without a length: refused once 40 MB have come.
    const photo = new Uint8Array(5 * MB - 1024);
    photo.set(png(8));
    const chunked = complete(worker, visit, date, joined([part('completion', completionJson(9)), ...Array.from({ length: 9 }, (_, i) => part('photo', photo, `${i}.png`))]), { declare: false });
    const cut = await chunked.response;
    expect(cut.status).toBe(413);
    expect(cut.body.message).toBe('The upload is too large: at most 40 MB can be sent at once. Nothing was saved.');
    expect(chunked.pulled()).toBeLessThanOrEqual(40 * MB + 2 * 64 * 1024);
  });

  it('too many parts in all', async () => {
    const parts = [...completionParts(30), part('photo', png(8), 'one-more.png')];
    const refused = await complete(worker, visit, date, joined(parts)).response;
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('The form has too many parts: at most 33. Nothing was saved.');
  });

  it('two JSON parts', async () => {
    const refused = await complete(worker, visit, date, joined([part('completion', completionJson(0)), ...completionParts(0)])).response;
    expect(refused.status).toBe(413);
    expect(refused.body.errors).toEqual({ completion: ['Too many “completion” parts: at most 1. Nothing was saved.'] });
  });

  it('a field over 1 MB; a file over 5 MB, refused as it passes 5 MB', async () => {
    const json = completionJson(0);
    const field = await complete(worker, visit, date, joined([part('completion', json + ' '.repeat(MB - json.length + 1))])).response;
    expect(field.status).toBe(413);
    expect(field.body.errors).toEqual({ completion: ['The “completion” part is too large: at most 1 MB. Nothing was saved.'] });

    const photo = new Uint8Array(8 * MB);
    photo.set(png(8));
    const sent = complete(worker, visit, date, joined([part('completion', completionJson(1)), part('photo', photo, 'big.png')]));
    const file = await sent.response;
    expect(file.status).toBe(413);
    expect(file.body.message).toBe('A part of the form is too large: at most 5 MB. Nothing was saved.');
    expect(sent.pulled()).toBeLessThanOrEqual(5 * MB + 3 * 64 * 1024);
  });

  it('a part whose headers are over 4 KB', async () => {
    const refused = await complete(worker, visit, date, joined([part('completion', completionJson(0), undefined, `X-Padding: ${'a'.repeat(5000)}\r\n`)])).response;
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('A part of the form has headers larger than 4 KB. Nothing was saved.');
  });

  it('a body that breaks off, and one that is not a form', async () => {
    const photo = new Uint8Array(MB);
    photo.set(png(8));
    const whole = joined([part('completion', completionJson(1)), part('photo', photo, 'p.png')]);
    const broken = await complete(worker, visit, date, whole, { breakAt: 128 * 1024, declare: false }).response;
    expect(broken.status).toBe(400);
    const notForm = await complete(worker, visit, date, encoder.encode('{"a":1}'), { contentType: 'application/json' }).response;
    expect(notForm.status).toBe(422);
    expect(Object.keys(notForm.body.errors!)).toEqual(['completion']);
    const noEnd = await complete(worker, visit, date, joined(completionParts(0)).subarray(0, 200)).response;
    expect(noEnd.status).toBe(422);
    expect(await server.db.selectFrom('appointment_visits').select('id').where('appointment_id', '=', visit).execute()).toEqual([]);
  });

  it('says it in Chinese to a Chinese user', async () => {
    const refused = await complete(worker, visit, date, manyTinyParts(100, 'photo'), { ...tinyParts, headers: { 'Accept-Language': 'zh-HK' } }).response;
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('「photo」部分太多：最多 30 個，未有儲存任何內容。');
  });
});

describe('single-file uploads: the record is checked before the body is read', () => {
  const photo = (() => {
    const bytes = new Uint8Array(4 * MB);
    bytes.set(png(8));
    return bytes;
  })();
  const raw = { contentType: 'image/png' };

  it('a report photo or a signature for a visit that is not the worker’s: 404, the body unread', async () => {
    const notMine = await appointment('2026-11-27', [adminId]);
    for (const [method, path] of [
      ['POST', `/api/appointments/${notMine}/visits/2026-11-27/photos`],
      ['PUT', `/api/appointments/${notMine}/visits/2026-11-27/signatures/client`],
      ['PUT', `/api/appointments/${notMine}/visits/2026-11-27/signatures/worker`],
    ] as const) {
      const sent = send(worker, method, path, photo, raw);
      const refused = await sent.response;
      expect(refused.status, path).toBe(404);
      expect(refused.headers.get('connection'), path).toBe('close');
      expect(sent.pulled(), path).toBeLessThanOrEqual(2 * 64 * 1024);
    }
  });

  it('an attachment of a client or an order, or a company’s logo or chop, that does not exist: 404, the body unread', async () => {
    for (const path of ['/api/clients/999999/attachments', '/api/orders/999999/attachments']) {
      const sent = send(admin, 'POST', path, photo, raw);
      expect((await sent.response).status, path).toBe(404);
      expect(sent.pulled(), path).toBeLessThanOrEqual(2 * 64 * 1024);
    }
    for (const path of ['/api/companies/999999/logo', '/api/companies/999999/chop']) {
      const sent = send(admin, 'PUT', path, photo, raw);
      expect((await sent.response).status, path).toBe(404);
      expect(sent.pulled(), path).toBeLessThanOrEqual(2 * 64 * 1024);
    }
  });
});
