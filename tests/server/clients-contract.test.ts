import { expect, it } from 'vitest';
import { AttachmentsReply } from '../../contract/attachments';
import { ClientInput, ClientList, ClientPage, ClientReply, ClientUpdate, HkidReply, NewClientPage } from '../../contract/clients';
import { describeContract, readReply } from './harness';

/*
 * The client and attachment endpoints, read by contract/clients.ts and contract/attachments.ts (the
 * frame: describeContract in harness.ts).
 */

describeContract('the client and attachment replies', (agent) => {
  it('clients: list, form, create, every tab, update, reveal; attachments: upload and delete', async () => {
    const list = readReply(ClientList, await agent.get('/api/clients'));
    expect(list.items.length).toBeGreaterThan(0);
    const form = readReply(NewClientPage, await agent.get('/api/clients/create'));
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
    const { client } = readReply(ClientReply, await agent.post('/api/clients', input), 201);
    for (const tab of ['basic', 'quotation', 'order', 'appointment', 'attachment'] as const) {
      const page = readReply(ClientPage, await agent.get(`/api/clients/${client.id}?tab=${tab}`));
      expect(page.tab).toBe(tab);
    }
    const other = list.items[0]!.id;
    for (const tab of ['quotation', 'order', 'appointment'] as const) readReply(ClientPage, await agent.get(`/api/clients/${other}?tab=${tab}`));
    const updated = readReply(ClientReply, await agent.put(`/api/clients/${client.id}`, ClientUpdate.parse({ ...input, hkid: undefined, nameEn: 'Renamed', version: client.version })));
    expect(updated.client.nameEn).toBe('Renamed');
    expect(readReply(HkidReply, await agent.post(`/api/clients/${client.id}/hkid/reveal`)).hkid).toBe('A123456(3)');

    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
    const uploaded = readReply(
      AttachmentsReply,
      await agent.raw('POST', `/api/clients/${client.id}/attachments`, pdf, {
        'Content-Type': 'application/octet-stream',
        'X-File-Name': 'a.pdf',
        'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!,
      }),
      201,
    );
    expect(uploaded.attachments).toHaveLength(1);
    readReply(ClientPage, await agent.get(`/api/clients/${client.id}?tab=attachment`));
    const removed = await agent.request('DELETE', `/api/attachments/${uploaded.attachments[0]!.id}`, undefined, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
    expect(readReply(AttachmentsReply, removed).attachments).toEqual([]);
  });
});
