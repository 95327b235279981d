import { describe, expect, it } from 'vitest';
import { ClientPage, ClientReply, NewClientPage } from '../../contract/clients';
import { AttachmentsReply } from '../../contract/attachments';
import { HttpAttachmentStore } from '../../infrastructure/http/attachments/HttpAttachmentStore';
import { HttpClientDirectory } from '../../infrastructure/http/clients/HttpClientDirectory';
import { client, clientCreate } from '../../infrastructure/http/clients/screens';
import { createCore } from '../support/fakes';

/* The client and attachment adapters: the paths they call, and replies read by the wire contract (a reply of another shape is an error). */

const CLIENT = {
  id: 7,
  code: 'C000007',
  nameEn: 'Chan Tai Man',
  nameZh: '陳大文',
  hkidMasked: null,
  tags: [],
  companyId: 1,
  branchId: 1,
  notes: '',
  source: null,
  remindersOptOut: false,
  mailLanguage: 'both',
  version: 4,
  contacts: [],
  addresses: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};
const OPTIONS = { areas: [], branches: [], companies: [], sources: [] };
const INPUT = { nameEn: 'Chan Tai Man', nameZh: '陳大文', tags: [], companyId: 1, branchId: 1, notes: '', source: null, contacts: [], addresses: [] };

describe('HttpClientDirectory', () => {
  it('saves an edit at its version and reads the saved client by the contract', async () => {
    const core = createCore({ handler: () => ({ status: 200, body: ClientReply.parse({ client: CLIENT }) }) });
    const saved = await new HttpClientDirectory(core.api).update(7, 3, INPUT);
    expect(saved._unsafeUnwrap()).toMatchObject({ id: 7, version: 4 });
    expect(core.transport.requests[0]).toMatchObject({ method: 'PUT', path: '/api/clients/7', body: { ...INPUT, version: 3 } });
  });

  it('takes a reply of another shape for an error, never a client with defaults', async () => {
    const core = createCore({ handler: () => ({ status: 201, body: { client: { id: 7 } } }) });
    const created = await new HttpClientDirectory(core.api).create(INPUT);
    expect(created._unsafeUnwrapErr()).toMatchObject({ code: 'malformedReply' });
  });

  it('reveals an HKID (null when none)', async () => {
    const core = createCore({ handler: () => ({ status: 200, body: { hkid: null } }) });
    expect((await new HttpClientDirectory(core.api).revealHkid(7))._unsafeUnwrap()).toBeNull();
    expect(core.transport.requests[0]).toMatchObject({ method: 'POST', path: '/api/clients/7/hkid/reveal' });
  });
});

describe('HttpAttachmentStore', () => {
  it('sends the file to its owner with its name, and reads the owner’s files', async () => {
    const files = AttachmentsReply.parse({
      attachments: [{ id: 31, name: '合約.pdf', contentType: 'application/pdf', sizeBytes: 4, uploadedBy: null, uploadedAt: '2026-11-02T10:00:00.000Z', downloadUrl: '/api/attachments/31' }],
    });
    const core = createCore({ handler: () => ({ status: 201, body: files }) });
    const store = new HttpAttachmentStore(core.api);
    const listed = await store.attach({ kind: 'order', id: 3 }, new File(['%PDF'], '合約.pdf'));
    expect(listed._unsafeUnwrap()).toEqual(files.attachments);
    expect(core.transport.requests[0]).toMatchObject({ method: 'POST', path: '/api/orders/3/attachments', headers: { 'X-File-Name': encodeURIComponent('合約.pdf') } });
    await store.remove(31);
    expect(core.transport.requests[1]).toMatchObject({ method: 'DELETE', path: '/api/attachments/31' });
  });
});

describe('the client screens’ data', () => {
  it('is read by the contract: a page as the server sends it passes, one without its form’s choices does not', async () => {
    const page = ClientPage.parse({ client: CLIENT, tab: 'basic', options: OPTIONS, canRevealHkid: false, attachments: [] });
    const read = await client();
    expect(read(page)._unsafeUnwrap()).toEqual(page);
    expect(read({ client: CLIENT, tab: 'basic', canRevealHkid: false }).isErr()).toBe(true);
    expect((await clientCreate())(NewClientPage.parse({ options: OPTIONS, defaults: { companyId: 1, branchId: null } })).isOk()).toBe(true);
  });
});
