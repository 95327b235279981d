import { describe, expect, it } from 'vitest';
import { parsePhone } from '../../domain/hk/phone';
import { CLIENT_RECORD_CHECKS } from '../../server/clients/repository';
import { DEMO, type Reply, serverForTests, signedInAgent, type TestAgent } from './harness';

const { admin, sales, worker } = DEMO;

const server = serverForTests();

const signedIn = (who: { email: string; password: string }, language?: string) => signedInAgent(server, who, language);

type ListReply = { items: { id: number; code: string; nameZh: string; nameEn: string; primaryContact: { name: string; phones: string[] } | null; area: { nameEn: string } | null }[]; total: number };
type Client = { id: number; code: string; nameEn: string; nameZh: string; hkidMasked: string | null; version: number; contacts: { name: string; phones: string[]; isPrimary: boolean }[]; addresses: { address: string; area: { nameZh: string } | null }[] };

const NEW_CLIENT = {
  nameZh: '黃小明',
  nameEn: '',
  hkid: 'a123456(3)',
  tags: ['住宅'],
  contacts: [
    { name: '黃小明', phones: ['9876 5432'], email: '' },
    { name: '黃太', title: '太太', phones: ['+852 6222-3333'] },
  ],
  addresses: [{ label: '住宅', address: '沙田大圍村 8 號', areaId: 16 }],
  notes: '有狗，請先致電。',
};

describe('client list', () => {
  it('finds clients by Chinese name, English name, phone and tag, a page at a time', async () => {
    const agent = await signedIn(sales);
    const byZh = (await agent.get(`/api/clients?q=${encodeURIComponent('陳大文')}`)).body as unknown as ListReply;
    expect(byZh.items.map((c) => c.nameEn)).toEqual(['Chan Tai Man']);
    expect(byZh.items[0]).toMatchObject({ primaryContact: { name: '陳大文', phones: ['91234567'] }, area: { nameEn: 'Wan Chai' } });
    expect(byZh.items[0]?.code).toMatch(/^C\d{6}$/);
    const byEn = (await agent.get('/api/clients?q=golden')).body as unknown as ListReply;
    expect(byEn.items.map((c) => c.nameZh)).toEqual(['金龍酒家有限公司']);
    const byPhone = (await agent.get('/api/clients?q=9876%205432')).body as unknown as ListReply;
    expect(byPhone.items.map((c) => c.nameZh)).toEqual(['金龍酒家有限公司']);
    const byTag = (await agent.get(`/api/clients?tag=${encodeURIComponent('物業管理')}`)).body as unknown as ListReply;
    expect(byTag.items.map((c) => c.nameEn)).toEqual(['Harbourview Property Management']);
    const page = (await agent.get('/api/clients?per_page=2&page=2&sort=name')).body as unknown as ListReply & { page: number };
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(1);
  });

  it('sorts by name, client number or creation, either way round, on the server', async () => {
    const agent = await signedIn(sales);
    const order = async (sort: string) => ((await agent.get(`/api/clients?sort=${sort}`)).body as unknown as ListReply).items.map((c) => c.nameZh || c.nameEn);
    expect(await order('name')).toEqual(['Harbourview Property Management', '金龍酒家有限公司', '陳大文']);
    expect(await order('-name')).toEqual(['陳大文', '金龍酒家有限公司', 'Harbourview Property Management']);
    const byCode = ((await agent.get('/api/clients?sort=code')).body as unknown as ListReply).items.map((c) => c.code);
    expect(byCode).toEqual([...byCode].sort());
    expect(((await agent.get('/api/clients?sort=-code')).body as unknown as ListReply).items.map((c) => c.code)).toEqual([...byCode].reverse());
    expect(await order('created')).toEqual([...(await order('-created'))].reverse());
    const page2 = ((await agent.get('/api/clients?sort=-name&per_page=1&page=2')).body as unknown as ListReply).items.map((c) => c.nameZh);
    expect(page2).toEqual(['金龍酒家有限公司']);
    const bad = await agent.get('/api/clients?sort=hkid');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body?.errors as object)).toEqual(['sort']);
  });

  it('treats search wildcards as plain characters and refuses a bad page', async () => {
    const agent = await signedIn(sales);
    expect(((await agent.get('/api/clients?q=%25')).body as unknown as ListReply).total).toBe(0);
    expect((await agent.get('/api/clients?page=0')).status).toBe(422);
  });
});

describe('creating and editing a client', () => {
  it('creates a client with contacts and addresses; the HKID is stored sealed and shown masked', async () => {
    const agent = await signedIn(sales);
    const reply = await agent.post('/api/clients', NEW_CLIENT);
    expect(reply.status).toBe(201);
    const client = reply.body?.client as Client;
    expect(client).toMatchObject({ nameZh: '黃小明', hkidMasked: 'A123***(*)', version: 1 });
    expect(client.contacts).toEqual([
      expect.objectContaining({ name: '黃小明', phones: ['98765432'], isPrimary: true }),
      expect.objectContaining({ name: '黃太', phones: ['+85262223333'], isPrimary: false }),
    ]);
    expect(client.addresses[0]).toMatchObject({ address: '沙田大圍村 8 號', area: { nameZh: '沙田區' } });
    const row = await server.db.selectFrom('clients').select(['hkid_sealed']).where('id', '=', client.id).executeTakeFirstOrThrow();
    expect(row.hkid_sealed).not.toContain('123456');
    const detail = (await agent.get(`/api/clients/${client.id}?tab=basic`)).body;
    expect(JSON.stringify(detail)).not.toContain('123456');
    const log = await server.db.selectFrom('audits').select(['action', 'changes']).where('entity_type', '=', 'client').where('entity_id', '=', String(client.id)).executeTakeFirstOrThrow();
    expect(log.action).toBe('create');
    expect(JSON.stringify(log.changes)).not.toContain('123456');
  });

  it('answers 422 with a message for every problem, in the user’s language', async () => {
    const agent = await signedIn(sales, 'zh-HK');
    const reply = await agent.post('/api/clients', {
      nameZh: '',
      nameEn: '  ',
      hkid: 'A123456(4)',
      contacts: [{ name: '', phones: ['abc'] }],
      addresses: [{ address: '', areaId: 999 }],
    });
    expect(reply.status).toBe(422);
    const errors = reply.body?.errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['addresses.0.address', 'contacts.0.name'].sort());
    // Once the shape is right, the rules: names, one primary contact, the phone rule, known areas, the HKID.
    const second = await agent.post('/api/clients', { nameZh: '', nameEn: '', hkid: 'A123456(4)', contacts: [{ name: 'A', isPrimary: true, phones: ['abc'] }, { name: 'B', isPrimary: true }], addresses: [{ address: 'x', areaId: 999 }] });
    expect(second.body?.errors).toEqual({
      nameEn: ['請輸入英文或中文名稱。'],
      nameZh: ['請輸入英文或中文名稱。'],
      contacts: ['只可有一位主要聯絡人。'],
      'contacts.0.phones.0': ['請輸入 8 位數字的香港電話號碼（例如 9123 4567），或連國家／地區代碼的內地或海外號碼（例如 +86 138 0013 8000）。'],
      'addresses.0.areaId': ['此值無效。'],
      hkid: ['此身份證號碼的核對數字不正確，請再檢查。'],
    });
  });

  it('reads an HKID typed in full-width characters and refuses one with a single bracket', async () => {
    const agent = await signedIn(sales);
    const wide = await agent.post('/api/clients', { ...NEW_CLIENT, nameZh: '全形身分證', hkid: 'Ａ１２３４５６（３）' });
    expect(wide.status).toBe(201);
    expect((wide.body?.client as Client).hkidMasked).toBe('A123***(*)');
    for (const hkid of ['A123456(3', 'A1234563)']) {
      const reply = await agent.post('/api/clients', { ...NEW_CLIENT, nameZh: '括號不全', hkid });
      expect(reply.status, hkid).toBe(422);
      expect(reply.body?.errors, hkid).toEqual({ hkid: ['Enter the HKID like A123456(3).'] });
    }
  });

  it('takes phone numbers as Hong Kong staff type them, mainland and overseas ones with their country code', async () => {
    const agent = await signedIn(sales);
    const phones = ['91234567', '9123 4567', '+852 2345-6789', '+86 138 0013 8000', '138 0013 8000'];
    const reply = await agent.post('/api/clients', { nameZh: '電話測試', contacts: [{ name: '張先生', phones }, { name: '澳門分店', phones: ['+853 2888 1234', '800 933 333'] }] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const client = reply.body?.client as Client;
    expect(client.contacts.map((c) => c.phones)).toEqual([['91234567', '91234567', '+85223456789', '+8613800138000', '13800138000'], ['+85328881234', '800933333']]);
    // Found by the digits as typed with spaces
    const found = (await agent.get('/api/clients?q=138%200013%208000')).body as unknown as ListReply;
    expect(found.items.map((c) => c.nameZh)).toEqual(['電話測試']);
  });

  it('refuses a phone number that is not one (422 per number, in the user’s language)', async () => {
    const body = { nameZh: '電話錯誤', contacts: [{ name: '甲', phones: ['9123 4567', '1234 5678'] }, { name: '乙', phones: ['9123 456', '2345 6789 ext 12', '415 555 0100'] }] };
    const en = await (await signedIn(sales)).post('/api/clients', body);
    expect(en.status).toBe(422);
    const message = 'Enter a Hong Kong number of 8 digits (e.g. 9123 4567), or a mainland or overseas number with its country code (e.g. +86 138 0013 8000).';
    expect(en.body?.errors).toEqual({ 'contacts.0.phones.1': [message], 'contacts.1.phones.0': [message], 'contacts.1.phones.1': [message], 'contacts.1.phones.2': [message] });
    const zh = await (await signedIn(sales, 'zh-HK')).post('/api/clients', body);
    expect((zh.body?.errors as Record<string, string[]>)['contacts.0.phones.1']).toEqual(['請輸入 8 位數字的香港電話號碼（例如 9123 4567），或連國家／地區代碼的內地或海外號碼（例如 +86 138 0013 8000）。']);
    expect(((await (await signedIn(sales)).get('/api/clients?q=%E9%9B%BB%E8%A9%B1%E9%8C%AF%E8%AA%A4')).body as unknown as ListReply).total).toBe(0);
  });

  it('keeps every seeded contact phone within the phone rule', async () => {
    const rows = await server.db.selectFrom('client_contacts').select('phones').execute();
    const phones = rows.flatMap((r) => r.phones);
    expect(phones.length).toBeGreaterThan(3);
    expect(phones.filter((p) => parsePhone(p).isErr())).toEqual([]);
  });

  it('answers 422 on an unknown company, like an unknown branch, with a message on the field', async () => {
    const agent = await signedIn(sales);
    const reply = await agent.post('/api/clients', { nameZh: '公司測試', companyId: 999_999, branchId: 999_999 });
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({ companyId: ['This value is not valid.'], branchId: ['This value is not valid.'] });
    const created = (await agent.post('/api/clients', { nameZh: '公司測試', companyId: 1 })).body?.client as Client & { companyId: number };
    expect(created.companyId).toBe(1);
    const edit = await agent.put(`/api/clients/${created.id}`, { nameZh: '公司測試', companyId: 424_242, version: created.version });
    expect(edit.status).toBe(422);
    expect(edit.body?.errors).toEqual({ companyId: ['This value is not valid.'] });
  });

  it('saves an edit with the right version, refuses a stale one (409), and audits field by field', async () => {
    const agent = await signedIn(sales);
    const created = (await agent.post('/api/clients', { ...NEW_CLIENT, hkid: null, nameZh: '版本測試' })).body?.client as Client;
    const edit = { ...NEW_CLIENT, hkid: undefined, nameZh: '版本測試（改）', companyId: 1, branchId: 1, version: created.version };
    const saved = await agent.put(`/api/clients/${created.id}`, edit);
    expect(saved.status).toBe(200);
    expect((saved.body?.client as Client).version).toBe(2);
    const stale = await agent.put(`/api/clients/${created.id}`, { ...edit, nameZh: '遲了' });
    expect(stale.status).toBe(409);
    const now = (await agent.get(`/api/clients/${created.id}`)).body?.client as Client;
    expect(now.nameZh).toBe('版本測試（改）');
    const log = await server.db.selectFrom('audits').select(['changes']).where('action', '=', 'update').where('entity_id', '=', String(created.id)).executeTakeFirstOrThrow();
    expect(log.changes).toEqual({ nameZh: { from: '版本測試', to: '版本測試（改）' } });
  });
});

describe('permissions', () => {
  it('lets a worker neither read clients (their visits bring their clients’ contacts: issue 31 item 21) nor create, edit or delete them', async () => {
    const agent = await signedIn(worker);
    expect((await agent.get('/api/clients')).status).toBe(403);
    expect((await agent.get('/api/clients/1')).status).toBe(403);
    expect((await agent.post('/api/clients', NEW_CLIENT)).status).toBe(403);
    expect((await agent.put('/api/clients/1', { ...NEW_CLIENT, version: 1 })).status).toBe(403);
    expect((await agent.request('DELETE', '/api/clients/1', undefined, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! })).status).toBe(403);
  });

  it('lets only holders of hkid_reveal see the full HKID, and audits every reveal', async () => {
    const salesAgent = await signedIn(sales);
    const chan = ((await salesAgent.get(`/api/clients?q=${encodeURIComponent('陳大文')}`)).body as unknown as ListReply).items[0]!;
    expect((await salesAgent.post(`/api/clients/${chan.id}/hkid/reveal`)).status).toBe(403);
    const detail = (await salesAgent.get(`/api/clients/${chan.id}`)).body;
    expect(detail).toMatchObject({ canRevealHkid: false, client: { hkidMasked: 'A123***(*)' } });

    const adminAgent = await signedIn(admin);
    const revealed = await adminAgent.post(`/api/clients/${chan.id}/hkid/reveal`);
    expect(revealed.body).toEqual({ hkid: 'A123456(3)' });
    const log = await server.db.selectFrom('audits').selectAll().where('action', '=', 'reveal').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ entity_type: 'client', entity_id: String(chan.id), changes: { field: 'hkid' } });
  });

  it('lets an administrator delete a client (after which it is gone), and sales may not', async () => {
    const salesAgent = await signedIn(sales);
    const created = (await salesAgent.post('/api/clients', { ...NEW_CLIENT, hkid: null, nameZh: '刪除測試' })).body?.client as Client;
    expect((await salesAgent.request('DELETE', `/api/clients/${created.id}`, undefined, { 'X-XSRF-TOKEN': salesAgent.cookies.get('XSRF-TOKEN')! })).status).toBe(403);
    const adminAgent = await signedIn(admin);
    expect((await adminAgent.request('DELETE', `/api/clients/${created.id}`, undefined, { 'X-XSRF-TOKEN': adminAgent.cookies.get('XSRF-TOKEN')! })).status).toBe(204);
    expect((await adminAgent.get(`/api/clients/${created.id}`)).status).toBe(404);
  });
});

describe('deleting a client that business records point to', () => {
  const lines = [{ productId: null, descriptionEn: 'Termite inspection', quantity: 100, unitPrice: 80_000 }];
  const documents = {
    order: (a: TestAgent, clientId: number) => a.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, items: lines }),
    quotation: (a: TestAgent, clientId: number) => a.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId, validDays: 30, items: lines }),
  };

  it('is refused with a clear message while an order or a quotation names the client, and nothing is deleted', async () => {
    const salesAgent = await signedIn(sales);
    const adminAgent = await signedIn(admin, 'zh-HK');
    const del = (id: number) => adminAgent.request('DELETE', `/api/clients/${id}`, undefined, { 'X-XSRF-TOKEN': adminAgent.cookies.get('XSRF-TOKEN')! });
    for (const [kind, create] of Object.entries(documents)) {
      const client = (await salesAgent.post('/api/clients', { ...NEW_CLIENT, hkid: null, nameZh: `有記錄 ${kind}` })).body?.client as Client;
      const document = await create(salesAgent, client.id);
      expect(document.status, JSON.stringify(document.body)).toBe(201);
      const refused = await del(client.id);
      expect(refused.status).toBe(422);
      expect(refused.body?.message).toBe('此客戶有發票或其他記錄，不能刪除。');
      expect((await adminAgent.get(`/api/clients/${client.id}`)).status).toBe(200);
      const deletes = await server.db.selectFrom('audits').select('id').where('entity_type', '=', 'client').where('action', '=', 'delete').where('entity_id', '=', String(client.id)).execute();
      expect(deletes).toEqual([]);
    }
  });

  it('checks for records under the delete’s lock: an order made while the delete runs cannot slip past the check', async () => {
    const adminAgent = await signedIn(admin);
    const salesAgent = await signedIn(sales);
    const client = (await salesAgent.post('/api/clients', { ...NEW_CLIENT, hkid: null, nameZh: '同時下單' })).body?.client as Client;
    // The order is sent just as the delete has checked for records (the last check, added here): it
    // is given a moment to go through. Checked and deleted outside one lock, the order would be
    // written between the check and the delete, and the delete would then fail on it.
    let ordered: Promise<Reply> | null = null;
    const orderDuringDelete = async (_db: unknown, clientId: number) => {
      if (clientId !== client.id || ordered) return false;
      ordered = documents.order(salesAgent, clientId);
      await Promise.race([ordered, new Promise((resolve) => setTimeout(resolve, 300))]);
      return false;
    };
    CLIENT_RECORD_CHECKS.push(orderDuringDelete);
    try {
      const deleted = await adminAgent.request('DELETE', `/api/clients/${client.id}`, undefined, { 'X-XSRF-TOKEN': adminAgent.cookies.get('XSRF-TOKEN')! });
      const order = await ordered!;
      // The delete held the client's row, so the order waited and then found the client gone.
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
      expect([404, 409, 422], JSON.stringify(order.body)).toContain(order.status);
      expect(await server.db.selectFrom('orders').select('id').where('client_id', '=', client.id).execute()).toEqual([]);
      expect((await adminAgent.get(`/api/clients/${client.id}`)).status).toBe(404);
    } finally {
      CLIENT_RECORD_CHECKS.splice(CLIENT_RECORD_CHECKS.indexOf(orderDuringDelete), 1);
    }
  });
});

describe('attachments', () => {
  const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');

  async function attach(agent: TestAgent, clientId: number, body: Uint8Array | string, name = 'report.pdf') {
    return agent.raw('POST', `/api/clients/${clientId}/attachments`, body, {
      'Content-Type': 'application/octet-stream',
      'X-File-Name': encodeURIComponent(name),
      'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!,
    });
  }

  it('accepts a PDF by its content, serves it under a server-made name, and lists it by file-view scope', async () => {
    const salesAgent = await signedIn(sales);
    const clientId = ((await salesAgent.get('/api/clients?q=golden')).body as unknown as ListReply).items[0]!.id;
    const reply = await attach(salesAgent, clientId, PDF, '../../報價單 <final>.pdf');
    expect(reply.status).toBe(201);
    const [file] = reply.body?.attachments as { id: number; name: string; downloadUrl: string; contentType: string }[];
    expect(file).toMatchObject({ name: '報價單 <final>.pdf', contentType: 'application/pdf' });

    const download = await salesAgent.rawGet(file!.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="client-${clientId}-attachment-${file!.id}.pdf"`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    // A user who sees clients but only the files they uploaded themselves.
    const role = (await (await signedIn(admin)).post('/api/roles', { name: 'Own files only', permissions: ['client_view', 'file_view_own'] })).body?.role as { id: number };
    const own = { email: 'own-files@example.com', password: 'OwnFiles123' };
    expect((await (await signedIn(admin)).post('/api/users', { name: 'Own Files', ...own, language: 'en', roleId: role.id, branchId: 1, isAdmin: false, active: true, password_confirmation: own.password })).status).toBe(201);
    const workerAgent = await signedIn(own);
    const seen = (await workerAgent.get(`/api/clients/${clientId}?tab=attachment`)).body?.attachments as unknown[];
    expect(seen).toEqual([]);
    expect((await workerAgent.rawGet(file!.downloadUrl)).status).toBe(403);
    const adminSeen = (await (await signedIn(admin)).get(`/api/clients/${clientId}?tab=attachment`)).body?.attachments as unknown[];
    expect(adminSeen).toHaveLength(1);
  });

  it('lets "own branch" see the files of its branch’s clients only, in the list and for download', async () => {
    const adminAgent = await signedIn(admin);
    const branch = (await adminAgent.post('/api/branches', { nameZh: '屯門分店', nameEn: 'Tuen Mun Branch', companyId: 1 })).body?.branch as { id: number };
    const here = (await adminAgent.post('/api/clients', { ...NEW_CLIENT, hkid: null, nameZh: '總公司客戶', branchId: 1 })).body?.client as Client;
    const there = (await adminAgent.post('/api/clients', { ...NEW_CLIENT, hkid: null, nameZh: '屯門客戶', branchId: branch.id })).body?.client as Client;
    const mine = ((await attach(adminAgent, here.id, PDF)).body?.attachments as { downloadUrl: string }[])[0]!;
    const theirs = ((await attach(adminAgent, there.id, PDF)).body?.attachments as { downloadUrl: string }[])[0]!;

    const salesAgent = await signedIn(sales); // file_view_branch, Head Office
    expect((await salesAgent.get(`/api/clients/${here.id}?tab=attachment`)).body?.attachments).toHaveLength(1);
    expect((await salesAgent.rawGet(mine.downloadUrl)).status).toBe(200);
    expect((await salesAgent.get(`/api/clients/${there.id}?tab=attachment`)).body?.attachments).toEqual([]);
    expect((await salesAgent.rawGet(theirs.downloadUrl)).status).toBe(403);
  });

  it('refuses a file that is not an allowed type, whatever its name', async () => {
    const agent = await signedIn(sales);
    const reply = await attach(agent, 1, 'MZ\u0090\u0000 this is a program', 'invoice.pdf');
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({ file: ['This type of file cannot be attached. Attach a PDF, an image, or a Word or Excel document.'] });
  });

  it('answers 413 before reading the whole body: nothing read past a declared size over 5 MB, a stream cut at the limit', async () => {
    const agent = await signedIn(sales);
    const CHUNK = 64 * 1024;
    const upload = (declared: number | null) => {
      let pulled = 0;
      // A 20 MB upload, handed over a chunk at a time as the server asks for it.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 20 * 1024 * 1024) return controller.close();
          pulled += CHUNK;
          controller.enqueue(new Uint8Array(CHUNK));
        },
      });
      const headers: Record<string, string> = {
        Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!,
        'Content-Type': 'application/pdf',
        'Accept-Language': 'en',
      };
      if (declared !== null) headers['Content-Length'] = String(declared);
      const request = new Request('http://localhost/api/clients/1/attachments', { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
      return { response: server.app.request(request), pulled: () => pulled };
    };

    const declared = upload(6 * 1024 * 1024);
    const first = await declared.response;
    expect(first.status).toBe(413);
    expect(((await first.json()) as { message: string }).message).toBe('Error! File Size is over limit 5MB. Please upload again.');
    expect(declared.pulled()).toBeLessThanOrEqual(CHUNK);

    const streamed = upload(null);
    expect((await streamed.response).status).toBe(413);
    expect(streamed.pulled()).toBeLessThanOrEqual(5 * 1024 * 1024 + 2 * CHUNK);
  });

  it('refuses more than 5 MB with 413 and the spec’s message, storing nothing', async () => {
    const agent = await signedIn(sales, 'zh-HK');
    const before = server.files.size;
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const reply = await attach(agent, 1, big);
    expect(reply.status).toBe(413);
    expect(reply.body?.message).toBe('錯誤！檔案大小超過 5MB 上限，請重新上載。');
    expect(server.files.size).toBe(before);
  });
});

describe('how the client found us (source, from Settings → Options)', () => {
  type Sourced = Client & { source: { value: string; nameEn: string; nameZh: string } | null };
  type Option = { id: number; value: string; labelEn: string; labelZh: string; sortOrder: number; active: boolean; version: number };
  const sourceOption = async (agent: TestAgent, value: string) => ((await agent.get('/api/options/client_source')).body?.items as Option[]).find((o) => o.value === value)!;

  it('offers the active sources on the form, keeps the chosen one with its words in both languages, audits it and filters the list by it', async () => {
    const agent = await signedIn(sales);
    const options = (await agent.get('/api/clients/create')).body?.options as { sources: { value: string; nameEn: string; nameZh: string }[] };
    expect(options.sources).toEqual([
      { value: 'referral', nameEn: 'Referral', nameZh: '轉介' },
      { value: 'website', nameEn: 'Website', nameZh: '網站' },
      { value: 'phone', nameEn: 'Phone enquiry', nameZh: '電話查詢' },
    ]);
    const created = await agent.post('/api/clients', { nameZh: '來源測試', source: 'website' });
    expect(created.status).toBe(201);
    const client = created.body?.client as Sourced;
    expect(client.source).toEqual({ value: 'website', nameEn: 'Website', nameZh: '網站' });
    expect(((await agent.get(`/api/clients/${client.id}`)).body?.client as Sourced).source?.value).toBe('website');
    const createdLine = await server.db.selectFrom('audits').select('changes').where('action', '=', 'create').where('entity_type', '=', 'client').where('entity_id', '=', String(client.id)).executeTakeFirstOrThrow();
    expect(createdLine.changes).toMatchObject({ source: 'website' });

    const listed = (await agent.get('/api/clients?source=website')).body as unknown as ListReply & { filters: { sources: { value: string }[] } };
    expect(listed.items.map((c) => c.nameZh)).toEqual(['來源測試']);
    expect(listed.filters.sources.map((s) => s.value)).toEqual(['referral', 'website', 'phone']);
    expect(((await agent.get('/api/clients?source=phone')).body as unknown as ListReply).items).toEqual([]);

    // An edit that leaves the source out keeps it; another source is audited field by field; '' removes it.
    const kept = (await agent.put(`/api/clients/${client.id}`, { nameZh: '來源測試', version: client.version })).body?.client as Sourced;
    expect(kept.source?.value).toBe('website');
    const moved = (await agent.put(`/api/clients/${client.id}`, { nameZh: '來源測試', source: 'referral', version: kept.version })).body?.client as Sourced;
    expect(moved.source).toEqual({ value: 'referral', nameEn: 'Referral', nameZh: '轉介' });
    const updateLine = await server.db.selectFrom('audits').select('changes').where('action', '=', 'update').where('entity_id', '=', String(client.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(updateLine.changes).toEqual({ source: { from: 'website', to: 'referral' } });
    const cleared = (await agent.put(`/api/clients/${client.id}`, { nameZh: '來源測試', source: '', version: moved.version })).body?.client as Sourced;
    expect(cleared.source).toBeNull();
  });

  it('refuses a source that is not an active one (422 on the field, in the caller’s language), but lets a client keep one made inactive since', async () => {
    const agent = await signedIn(sales);
    const unknown = await agent.post('/api/clients', { nameZh: '來源錯誤', source: 'newspaper' });
    expect(unknown.status).toBe(422);
    expect(unknown.body?.errors).toEqual({ source: ['Choose one of the client sources in the list.'] });
    const chinese = await signedIn(sales, 'zh-HK');
    expect((await chinese.post('/api/clients', { nameZh: '來源錯誤', source: 'newspaper' })).body?.errors).toEqual({ source: ['請從清單中選擇客戶來源。'] });

    const client = (await agent.post('/api/clients', { nameZh: '舊來源客戶', source: 'phone' })).body?.client as Sourced;
    const adminAgent = await signedIn(admin);
    const phone = await sourceOption(adminAgent, 'phone');
    expect((await adminAgent.put(`/api/options/client_source/${phone.id}`, { ...phone, active: false })).status).toBe(200);
    try {
      // No longer offered, and refused for a new client …
      expect(((await agent.get('/api/clients/create')).body?.options as { sources: { value: string }[] }).sources.map((s) => s.value)).toEqual(['referral', 'website']);
      expect((await agent.post('/api/clients', { nameZh: '新客戶', source: 'phone' })).body?.errors).toEqual({ source: ['Choose one of the client sources in the list.'] });
      // … but a client that has it keeps it through an edit, with its words, and still filters.
      const edited = await agent.put(`/api/clients/${client.id}`, { nameZh: '舊來源客戶（改）', source: 'phone', version: client.version });
      expect(edited.status).toBe(200);
      expect((edited.body?.client as Sourced).source).toEqual({ value: 'phone', nameEn: 'Phone enquiry', nameZh: '電話查詢' });
      expect(((await agent.get('/api/clients?source=phone')).body as unknown as ListReply).items.map((c) => c.nameZh)).toEqual(['舊來源客戶（改）']);
      // Another client cannot be moved onto the inactive one.
      const other = (await agent.post('/api/clients', { nameZh: '另一客戶' })).body?.client as Sourced;
      expect((await agent.put(`/api/clients/${other.id}`, { nameZh: '另一客戶', source: 'phone', version: other.version })).status).toBe(422);
    } finally {
      const now = await sourceOption(adminAgent, 'phone');
      expect((await adminAgent.put(`/api/options/client_source/${now.id}`, { ...now, active: true })).status).toBe(200);
    }
  });

  it('an option clients use cannot be deleted or given another value (422, what to do instead), only relabelled or made inactive; once unused it can go', async () => {
    const adminAgent = await signedIn(admin);
    const created = (await adminAgent.post('/api/options/client_source', { value: 'flyer', labelEn: 'Flyer', labelZh: '傳單' })).body?.option as Option;
    const agent = await signedIn(sales);
    const client = (await agent.post('/api/clients', { nameZh: '傳單客戶', source: 'flyer' })).body?.client as Sourced;
    const del = (path: string) => adminAgent.request('DELETE', path, undefined, { 'X-XSRF-TOKEN': adminAgent.cookies.get('XSRF-TOKEN')! });

    const refused = await del(`/api/options/client_source/${created.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body?.message).toBe('Records already use this value, so it cannot be deleted. Make it inactive instead.');
    const renamed = await adminAgent.put(`/api/options/client_source/${created.id}`, { ...created, value: 'leaflet' });
    expect(renamed.status).toBe(422);
    expect(renamed.body?.errors).toEqual({ value: ['Records already use this value, so it cannot be changed. Change its labels, or make it inactive and add a new one.'] });
    const relabelled = await adminAgent.put(`/api/options/client_source/${created.id}`, { ...created, labelEn: 'Leaflet' });
    expect(relabelled.status).toBe(200);
    expect(((await agent.get(`/api/clients/${client.id}`)).body?.client as Sourced).source).toEqual({ value: 'flyer', nameEn: 'Leaflet', nameZh: '傳單' });
    expect((await adminAgent.get('/api/options/client_source')).body?.items).toContainEqual(expect.objectContaining({ id: created.id, value: 'flyer' }));

    expect((await agent.put(`/api/clients/${client.id}`, { nameZh: '傳單客戶', source: null, version: client.version })).status).toBe(200);
    const option = (relabelled.body?.option as Option);
    expect((await adminAgent.put(`/api/options/client_source/${created.id}`, { ...option, value: 'leaflet' })).status).toBe(200);
    expect((await del(`/api/options/client_source/${created.id}`)).status).toBe(204);
  });
});
