import { describe, expect, it } from 'vitest';
import { AttachmentsReply } from '../../contract/attachments';
import { ClientInput, ClientList, ClientPage, ClientReply, ClientUpdate, HkidReply, NewClientPage } from '../../contract/clients';
import { DEMO_USERS } from '../../server/db/seed';
import { readReply, signedInServer } from './harness';

/*
 * Every reply of the client and attachment endpoints, from the real server on the seeded database,
 * read by the wire contract the browser decodes with (contract/clients.ts, contract/attachments.ts):
 * a field renamed, dropped or retyped on either side fails here.
 */

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;

const app = signedInServer(admin);

describe('the client and attachment replies match the wire contract', () => {
  it('clients: list, form, create, every tab, update, reveal; attachments: upload and delete', async () => {
    const list = readReply(ClientList, await app.agent.get('/api/clients'));
    expect(list.items.length).toBeGreaterThan(0);
    const form = readReply(NewClientPage, await app.agent.get('/api/clients/create'));
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
    const { client } = readReply(ClientReply, await app.agent.post('/api/clients', input), 201);
    for (const tab of ['basic', 'quotation', 'order', 'appointment', 'attachment'] as const) {
      const page = readReply(ClientPage, await app.agent.get(`/api/clients/${client.id}?tab=${tab}`));
      expect(page.tab).toBe(tab);
    }
    const other = list.items[0]!.id;
    for (const tab of ['quotation', 'order', 'appointment'] as const) readReply(ClientPage, await app.agent.get(`/api/clients/${other}?tab=${tab}`));
    const updated = readReply(ClientReply, await app.agent.put(`/api/clients/${client.id}`, ClientUpdate.parse({ ...input, hkid: undefined, nameEn: 'Renamed', version: client.version })));
    expect(updated.client.nameEn).toBe('Renamed');
    expect(readReply(HkidReply, await app.agent.post(`/api/clients/${client.id}/hkid/reveal`)).hkid).toBe('A123456(3)');

    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
    const uploaded = readReply(
      AttachmentsReply,
      await app.agent.raw('POST', `/api/clients/${client.id}/attachments`, pdf, {
        'Content-Type': 'application/octet-stream',
        'X-File-Name': 'a.pdf',
        'X-XSRF-TOKEN': app.agent.cookies.get('XSRF-TOKEN')!,
      }),
      201,
    );
    expect(uploaded.attachments).toHaveLength(1);
    readReply(ClientPage, await app.agent.get(`/api/clients/${client.id}?tab=attachment`));
    const removed = await app.agent.request('DELETE', `/api/attachments/${uploaded.attachments[0]!.id}`, undefined, { 'X-XSRF-TOKEN': app.agent.cookies.get('XSRF-TOKEN')! });
    expect(readReply(AttachmentsReply, removed).attachments).toEqual([]);
  });
});
