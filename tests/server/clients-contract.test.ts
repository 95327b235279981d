import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AttachmentsReply } from '../../contract/attachments';
import { ClientInput, ClientList, ClientPage, ClientReply, ClientUpdate, HkidReply, NewClientPage } from '../../contract/clients';
import { DEMO_USERS } from '../../server/db/seed';
import { startTestServer, TestAgent, type TestServer } from './harness';

/*
 * Every reply of the client and attachment endpoints, from the real server on the seeded database,
 * read by the wire contract the browser decodes with (contract/clients.ts, contract/attachments.ts):
 * a field renamed, dropped or retyped on either side fails here.
 */

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;

let server: TestServer;
let agent: TestAgent;

beforeAll(async () => {
  server = await startTestServer();
  agent = new TestAgent(server);
  expect((await agent.signIn(admin.email, admin.password)).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

/** The reply's body read by `schema`, failing with the mismatches and the status. */
function read<S extends z.ZodMiniType>(schema: S, reply: { status: number; body: unknown }, status = 200): z.output<S> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const parsed = z.safeParse(schema, reply.body);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  return parsed.data!;
}

describe('the client and attachment replies match the wire contract', () => {
  it('clients: list, form, create, every tab, update, reveal; attachments: upload and delete', async () => {
    const list = read(ClientList, await agent.get('/api/clients'));
    expect(list.items.length).toBeGreaterThan(0);
    const form = read(NewClientPage, await agent.get('/api/clients/create'));
    const input = ClientInput.parse({
      nameEn: 'Contract Client',
      nameZh: '合約客戶',
      hkid: 'A123456(3)',
      tags: ['VIP'],
      companyId: null,
      branchId: form.defaults.branchId,
      notes: '',
      source: null,
      contacts: [{ name: '陳大文', title: '', phones: ['91234567'], email: '', isPrimary: true }],
      addresses: [{ label: '', address: '灣仔道 1 號', areaId: form.options.areas[0]!.id }],
    });
    const { client } = read(ClientReply, await agent.post('/api/clients', input), 201);
    for (const tab of ['basic', 'quotation', 'order', 'appointment', 'attachment'] as const) {
      const page = read(ClientPage, await agent.get(`/api/clients/${client.id}?tab=${tab}`));
      expect(page.tab).toBe(tab);
    }
    const other = list.items[0]!.id;
    for (const tab of ['quotation', 'order', 'appointment'] as const) read(ClientPage, await agent.get(`/api/clients/${other}?tab=${tab}`));
    const updated = read(ClientReply, await agent.put(`/api/clients/${client.id}`, ClientUpdate.parse({ ...input, hkid: undefined, nameEn: 'Renamed', version: client.version })));
    expect(updated.client.nameEn).toBe('Renamed');
    expect(read(HkidReply, await agent.post(`/api/clients/${client.id}/hkid/reveal`)).hkid).toBe('A123456(3)');

    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
    const uploaded = read(
      AttachmentsReply,
      await agent.raw('POST', `/api/clients/${client.id}/attachments`, pdf, {
        'Content-Type': 'application/octet-stream',
        'X-File-Name': 'a.pdf',
        'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!,
      }),
      201,
    );
    expect(uploaded.attachments).toHaveLength(1);
    read(ClientPage, await agent.get(`/api/clients/${client.id}?tab=attachment`));
    const removed = await agent.request('DELETE', `/api/attachments/${uploaded.attachments[0]!.id}`, undefined, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
    expect(read(AttachmentsReply, removed).attachments).toEqual([]);
  });
});
