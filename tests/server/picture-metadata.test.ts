import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentLinkMade } from '../../contract/customerLinks';
import { contains, HEIC_PICTURE, jpegOrientation, phoneHeic, phoneJpeg, phonePng, SECRET } from '../support/pictures';
import { DEMO, readReply, serverForTests, signedInAgent, TEST_CLIENT_IP_HEADER, TestAgent } from './harness';

/*
 * Issue 31 item 7: a photo's Exif, GPS among it, was kept and copied into the public service-report
 * PDF. Every picture is now stored without its metadata (report photos, signatures, a company's logo
 * and chop, profile photos, attachments that are pictures), its orientation kept; every piece of
 * metadata the test pictures carry holds SECRET, so finding SECRET anywhere means some was left.
 */

const server = serverForTests();
let admin: TestAgent;
let clientId: number;

const xsrf = (agent: TestAgent) => ({ 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
const upload = (agent: TestAgent, method: string, path: string, bytes: Uint8Array, type: string, name?: string) =>
  agent.raw(method, path, bytes, { ...xsrf(agent), 'Content-Type': type, ...(name ? { 'X-File-Name': name } : {}) });
const download = async (agent: TestAgent, path: string) => {
  const reply = await agent.rawGet(path);
  expect(reply.status, path).toBe(200);
  return new Uint8Array(await reply.arrayBuffer());
};

/** The pictures pdfkit embedded as JPEG (DCTDecode streams) in a PDF, byte for byte. */
function embeddedJpegs(pdf: Uint8Array): Uint8Array[] {
  const text = Buffer.from(pdf).toString('latin1');
  const found: Uint8Array[] = [];
  for (let at = text.indexOf('/DCTDecode'); at >= 0; at = text.indexOf('/DCTDecode', at + 1)) {
    const start = text.indexOf('stream\n', at) + 'stream\n'.length;
    const end = text.indexOf('\nendstream', start);
    found.push(pdf.subarray(start, end));
  }
  return found;
}

/** The Exif orientation pdfkit reads from a JPEG (and turns the picture by). */
const pdfkitOrientation = (jpeg: Uint8Array): number => (new PDFDocument() as unknown as { openImage(src: Buffer): { orientation: number } }).openImage(Buffer.from(jpeg)).orientation;

/** A drawn signature as a phone might send it: a PNG with text chunks. */
const signature = () => phonePng(30, 12);

beforeAll(async () => {
  admin = await signedInAgent(server, DEMO.admin);
  clientId = (await server.db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});

describe('pictures stored without their metadata', () => {
  it('report photos (JPEG with GPS Exif, PNG with text) and signatures: the stored files and the public service-report PDF hold none of it; the JPEG still stands the right way up', async () => {
    const phoneJpegBytes = phoneJpeg(40, 30, 6);
    expect(contains(phoneJpegBytes, SECRET)).toBe(true);
    expect(pdfkitOrientation(phoneJpegBytes)).toBe(6);
    const made = await admin.post('/api/appointments', { clientId, address: '灣仔道 1 號', areaId: 2, workerIds: [1], date: '2026-11-20', startTime: '10:00', endTime: '11:30', recurrence: { freq: 'once' }, end: { kind: 'never' }, notes: '' });
    const id = (made.body!.appointment as { id: number }).id;
    const base = `/api/appointments/${id}/visits/2026-11-20`;
    let report = (await admin.put(`${base}/report`, { workDone: 'Bait stations installed', findings: 'Droppings', productsUsed: [], clientSigner: 'Mr Chan', version: 0 })).body!.report as { version: number };
    expect((await upload(admin, 'POST', `${base}/photos?tag=before`, phoneJpegBytes, 'image/jpeg', 'kitchen.jpg')).status).toBe(201);
    const added = await upload(admin, 'POST', `${base}/photos?tag=after`, phonePng(20, 20, 1), 'image/png', 'sink.png');
    expect(added.status).toBe(201);
    const photos = (added.body!.report as { photos: { downloadUrl: string; contentType: string }[] }).photos;
    for (const who of ['client', 'worker']) {
      const signed = await upload(admin, 'PUT', `${base}/signatures/${who}`, signature(), 'image/png');
      expect(signed.status).toBe(200);
      report = signed.body!.report as typeof report;
    }
    expect((await admin.post(`${base}/status`, { status: 'ended', version: report.version })).status).toBe(200);

    // The stored photos, as staff download them.
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      const stored = await download(admin, photo.downloadUrl);
      expect(contains(stored, SECRET), photo.contentType).toBe(false);
      expect(contains(stored, 'PhoneMaker'), photo.contentType).toBe(false);
      if (photo.contentType === 'image/jpeg') {
        expect(jpegOrientation(stored)).toBe(6);
        expect(pdfkitOrientation(stored)).toBe(6);
      }
    }
    // The signatures as kept on the visit.
    const visit = await server.db.selectFrom('appointment_visits').select(['client_signature', 'worker_signature']).where('appointment_id', '=', id).executeTakeFirstOrThrow();
    for (const png of [visit.client_signature!, visit.worker_signature!]) expect(contains(new Uint8Array(png), SECRET)).toBe(false);

    // The customer's PDF, from the public link.
    const link = readReply(DocumentLinkMade, await admin.post(`${base}/links`, { expiresInDays: 30 }), 201);
    const visitor = new TestAgent(server);
    const pdfReply = await visitor.get(`/api/public/documents/${link.path.slice('/d/'.length)}/pdf?language=en`, { [TEST_CLIENT_IP_HEADER]: '203.0.113.9' });
    expect(pdfReply.status).toBe(200);
    const pdf = await download(visitor, `/api/public/documents/${link.path.slice('/d/'.length)}/pdf?language=en`);
    expect(contains(pdf, SECRET)).toBe(false);
    expect(contains(pdf, 'PhoneMaker')).toBe(false);
    const jpegs = embeddedJpegs(pdf);
    expect(jpegs).toHaveLength(1);
    expect(jpegOrientation(jpegs[0]!)).toBe(6);
  });

  it('a photo sent with a completion from the phone', async () => {
    const worker = await signedInAgent(server, DEMO.worker);
    const workerId = (await server.db.selectFrom('users').select('id').where('email', '=', DEMO.worker.email).executeTakeFirstOrThrow()).id;
    const made = await admin.post('/api/appointments', { clientId, address: '灣仔道 8 號', areaId: 2, workerIds: [workerId], date: '2026-11-19', startTime: '10:00', endTime: '11:00', recurrence: { freq: 'once' }, end: { kind: 'never' } });
    const id = (made.body!.appointment as { id: number }).id;
    const form = new FormData();
    form.append('completion', JSON.stringify({ workDone: 'Gel', findings: 'None', pestsFound: '', areasTreated: '', productsUsed: [], clientSigner: 'Mrs Wong', version: 0, workerSignerId: workerId, confirmFuture: false, photoTags: ['before'] }));
    form.append('photo', new Blob([phoneJpeg(16, 16, 6)], { type: 'image/jpeg' }), 'door.jpg');
    form.append('clientSignature', new Blob([signature()], { type: 'image/png' }), 'c.png');
    form.append('workerSignature', new Blob([signature()], { type: 'image/png' }), 'w.png');
    const encoded = new Response(form);
    const done = await worker.raw('POST', `/api/appointments/${id}/visits/2026-11-19/completion`, new Uint8Array(await encoded.arrayBuffer()), { ...xsrf(worker), 'Content-Type': encoded.headers.get('content-type')!, 'Idempotency-Key': randomUUID() });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [photo] = (done.body!.report as { photos: { downloadUrl: string }[] }).photos;
    const stored = await download(worker, photo!.downloadUrl);
    expect(contains(stored, SECRET)).toBe(false);
    expect(jpegOrientation(stored)).toBe(6);
  });

  it('a company’s logo and chop, a profile photo, and attachments that are pictures (JPEG, HEIC); a PDF attachment is kept as it came', async () => {
    for (const kind of ['logo', 'chop']) {
      expect((await upload(admin, 'PUT', `/api/companies/1/${kind}`, phoneJpeg(20, 10, 3), 'image/jpeg')).status).toBe(200);
      const stored = await download(admin, `/api/companies/1/${kind}`);
      expect(contains(stored, SECRET), kind).toBe(false);
      expect(jpegOrientation(stored), kind).toBe(3);
    }

    const profile = await upload(admin, 'PUT', '/api/user/profile-photo', phonePng(16, 16, 6), 'image/png');
    expect(profile.status).toBe(200);
    const photoUrl = (profile.body!.profile as { photoUrl: string }).photoUrl;
    expect(contains(await download(admin, photoUrl), SECRET)).toBe(false);

    const attached = await upload(admin, 'POST', `/api/clients/${clientId}/attachments`, phoneJpeg(12, 12, 6), 'image/jpeg', 'site.jpg');
    expect(attached.status).toBe(201);
    expect((await upload(admin, 'POST', `/api/clients/${clientId}/attachments`, phoneHeic(), 'image/heic', 'site.heic')).status).toBe(201);
    const pdfBytes = new TextEncoder().encode(`%PDF-1.4\n% ${SECRET}\n%%EOF\n`);
    const pdfAttached = await upload(admin, 'POST', `/api/clients/${clientId}/attachments`, pdfBytes, 'application/pdf', 'quote.pdf');
    expect(pdfAttached.status).toBe(201);
    const files = (pdfAttached.body!.attachments as { name: string; downloadUrl: string }[]).filter((f) => ['site.jpg', 'site.heic', 'quote.pdf'].includes(f.name));
    for (const file of files) {
      const stored = await download(admin, file.downloadUrl);
      if (file.name === 'site.jpg') {
        expect(contains(stored, SECRET)).toBe(false);
        expect(jpegOrientation(stored)).toBe(6);
      } else if (file.name === 'site.heic') {
        expect(contains(stored, SECRET)).toBe(false);
        expect(contains(stored, HEIC_PICTURE)).toBe(true);
      } else expect(stored).toEqual(pdfBytes);
    }
    expect(files).toHaveLength(3);
  });
});
