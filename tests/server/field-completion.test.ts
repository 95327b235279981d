import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdfText';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/*
 * A visit completed in one call (issue 22 item 4, the worker's offline queue):
 * POST /api/appointments/{id}/visits/{date}/completion, multipart, with an Idempotency-Key. All of it
 * is kept in one transaction or none of it; a replay of the key changes nothing and gets the same reply.
 */

const server = serverForTests();
let admin: TestAgent;
let worker: TestAgent;
let workerId: number;
let clientId: number;
let productId: number;

function png(size: number, rgb: [number, number, number]): Blob {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) image.data.set([...rgb, 255], i * 4);
  return new Blob([new Uint8Array(PNG.sync.write(image))], { type: 'image/png' });
}

async function appointment(date: string, workerIds: number[]): Promise<number> {
  const made = await admin.post('/api/appointments', { clientId, address: '灣仔道 8 號', areaId: 2, workerIds, date, startTime: '10:00', endTime: '11:00', recurrence: { freq: 'once' }, end: { kind: 'never' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body!.appointment as { id: number }).id;
}

interface Parts {
  version?: number;
  findings?: string;
  photos?: Blob[];
  tags?: (string | null)[];
}

/** The completion as the phone sends it: the JSON part, the photos, both signatures. */
async function complete(who: TestAgent, id: number, date: string, key: string, parts: Parts = {}) {
  const form = new FormData();
  const photos = parts.photos ?? [png(40, [250, 200, 0]), png(40, [0, 90, 200])];
  form.append(
    'completion',
    JSON.stringify({
      workDone: 'Gel bait applied',
      findings: parts.findings ?? 'Droppings behind the fridge',
      pestsFound: 'Cockroaches',
      areasTreated: 'Kitchen',
      productsUsed: [{ productId, quantity: 150, note: '' }],
      clientSigner: 'Mrs Wong',
      version: parts.version ?? 0,
      workerSignerId: workerId,
      confirmFuture: false,
      photoTags: parts.tags ?? ['before', 'after'],
    }),
  );
  photos.forEach((photo, i) => form.append('photo', photo, `sink-${i + 1}.png`));
  form.append('clientSignature', png(30, [10, 120, 10]), 'client.png');
  form.append('workerSignature', png(30, [120, 10, 10]), 'worker.png');
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return who.raw('POST', `/api/appointments/${id}/visits/${date}/completion`, body, {
    'X-XSRF-TOKEN': who.cookies.get('XSRF-TOKEN')!,
    'Content-Type': encoded.headers.get('content-type')!,
    'Idempotency-Key': key,
  });
}

/** What the database holds of the visit: its row, its photos, the stored files, the audit lines. */
async function state(id: number) {
  const visit = await server.db.selectFrom('appointment_visits').selectAll().where('appointment_id', '=', id).executeTakeFirst();
  const photos = visit ? await server.db.selectFrom('attachments').select(['display_name', 'photo_tag']).where('owner_type', '=', 'report').where('owner_id', '=', visit.id).orderBy('id').execute() : [];
  const audits = await server.db.selectFrom('audits').select('id').where('entity_id', '=', String(id)).where('action', 'in', ['update', 'sign', 'status']).execute();
  return { visit, photos, files: server.files.size, audits: audits.length };
}

beforeAll(async () => {
  admin = await signedInAgent(server, DEMO.admin);
  worker = await signedInAgent(server, DEMO.worker);
  workerId = (await server.db.selectFrom('users').select('id').where('email', '=', DEMO.worker.email).executeTakeFirstOrThrow()).id;
  clientId = (await server.db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  productId = (await server.db.selectFrom('products').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()).id;
});

describe('a visit completed in one call', () => {
  it('keeps the report, the tagged photos and both signatures and ends the visit; the PDF prints it; replays (also three at once) change nothing', async () => {
    const id = await appointment('2026-11-23', [workerId]);
    const key = randomUUID();
    const done = await complete(worker, id, '2026-11-23', key);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const report = done.body!.report as { status: string; findings: string; photos: { name: string; tag: string }[]; clientSigner: string; workerSignerId: number; clientSignature: string | null; workerSignature: string | null };
    expect(report).toMatchObject({ status: 'ended', findings: 'Droppings behind the fridge', clientSigner: 'Mrs Wong', workerSignerId: workerId });
    expect(report.photos.map((p) => [p.name, p.tag]).sort()).toEqual([
      ['sink-1.png', 'before'],
      ['sink-2.png', 'after'],
    ]);
    const kept = await state(id);
    expect(kept.visit).toMatchObject({ status: 'ended', findings: 'Droppings behind the fridge' });
    expect([kept.visit!.client_signature?.length ?? 0, kept.visit!.worker_signature?.length ?? 0].every((n) => n > 0)).toBe(true);
    expect(kept.photos).toHaveLength(2);
    // Audited as the separate calls are: the report's words, two signatures, the status.
    expect(kept.audits).toBe(4);

    const pdf = await admin.rawGet(`/api/appointments/${id}/visits/2026-11-23/report.pdf?language=en`);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const words of ['Droppings behind the fridge', 'Before · sink-1.png', 'After · sink-2.png', 'Mrs Wong']) expect(text).toContain(words);

    const replays = await Promise.all([1, 2, 3].map(() => complete(worker, id, '2026-11-23', key)));
    for (const replay of replays) expect(replay.status).toBe(200);
    for (const replay of replays) expect(replay.body).toEqual(done.body);
    expect(await state(id)).toEqual(kept);
  });

  it('keeps a reply 30 days: the next completion after that lets it go, and the old key sent again is a stale version, not a second completion', async () => {
    const first = await appointment('2026-11-23', [workerId]);
    const oldKey = randomUUID();
    expect((await complete(worker, first, '2026-11-23', oldKey)).status).toBe(200);
    const kept = async () => (await server.db.selectFrom('idempotent_replies').select('key').where('user_id', '=', workerId).execute()).map((r) => r.key);
    expect(await kept()).toContain(oldKey);

    // 31 days on (the row made older: moving the clock would end the sessions too).
    await server.db.updateTable('idempotent_replies').set({ created_at: new Date(server.clock.now().getTime() - 31 * 24 * 60 * 60 * 1000) }).where('key', '=', oldKey).execute();
    const second = await appointment('2026-11-23', [workerId]);
    const newKey = randomUUID();
    expect((await complete(worker, second, '2026-11-23', newKey)).status).toBe(200);
    expect(await kept()).toContain(newKey);
    expect(await kept()).not.toContain(oldKey);

    const before = await state(first);
    const again = await complete(worker, first, '2026-11-23', oldKey);
    expect(again.status).toBe(409);
    expect(await state(first)).toEqual(before);
  });

  it('answers a stale version with 409 and the report as the server keeps it, and changes nothing', async () => {
    const id = await appointment('2026-11-22', [workerId]);
    // The office wrote the report meanwhile.
    expect((await admin.put(`/api/appointments/${id}/visits/2026-11-22/report`, { workDone: 'Office notes', findings: 'Seen by the office', productsUsed: [], version: 0 })).status).toBe(200);
    const before = await state(id);
    const stale = await complete(worker, id, '2026-11-22', randomUUID());
    expect(stale.status).toBe(409);
    expect(stale.body!.report).toMatchObject({ findings: 'Seen by the office', workDone: 'Office notes', status: 'in_progress', photos: [] });
    expect(await state(id)).toEqual(before);
  });

  it('refuses a bad part and keeps nothing; the same key sent again, put right, is then done', async () => {
    const id = await appointment('2026-11-21', [workerId]);
    const key = randomUUID();
    const bad = await complete(worker, id, '2026-11-21', key, { photos: [png(40, [1, 2, 3]), new Blob(['<svg onload="x"/>'], { type: 'image/png' })] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body!.errors as object)).toEqual(['photo']);
    const files = server.files.size;
    expect(await state(id)).toMatchObject({ visit: undefined, photos: [], files, audits: 0 });
    // A photo that is not tagged, a signature missing (no part at all), no key: each refused before anything is read.
    expect((await complete(worker, id, '2026-11-21', key, { tags: ['before'] })).status).toBe(422);
    expect((await complete(worker, id, '2026-11-21', 'not-a-uuid')).status).toBe(422);
    expect(await state(id)).toMatchObject({ visit: undefined, files });
    expect((await complete(worker, id, '2026-11-21', key)).status).toBe(200);
  });

  it('is refused to a worker who does not work the visit, and a key already used for another visit is refused', async () => {
    const id = await appointment('2026-11-20', [1]);
    expect((await complete(worker, id, '2026-11-20', randomUUID())).status).toBe(404);
    expect((await state(id)).visit).toBeUndefined();
    const mine = await appointment('2026-11-19', [workerId]);
    const other = await appointment('2026-11-18', [workerId]);
    const key = randomUUID();
    expect((await complete(worker, mine, '2026-11-19', key)).status).toBe(200);
    const reused = await complete(worker, other, '2026-11-18', key);
    expect(reused.status).toBe(422);
    expect(Object.keys(reused.body!.errors as object)).toEqual(['idempotencyKey']);
    expect((await state(other)).visit).toBeUndefined();
  });
});
