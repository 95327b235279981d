import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../application/api/ApiError';
import { AttachmentDesk } from '../../application/attachments/AttachmentDesk';
import type { Attachment, AttachmentOwner } from '../../application/attachments/attachment';
import type { Client, ClientInput } from '../../application/clients/client';
import { clientFormState, clientInput, clientProblems, draftOf, formFields, fromDraft, isClientDraft, isDirty, withAddress, withContact } from '../../application/clients/clientForm';
import { ClientDesk } from '../../application/clients/ClientDesk';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import type { AttachmentStore } from '../../application/ports/AttachmentStore';
import type { ClientDirectory } from '../../application/ports/ClientDirectory';
import { Client as ClientSchema } from '../../contract/clients';
import { createCore } from '../support/fakes';

/* The client form's model and the client use-cases, in Node with plain fakes (no DOM, no HTTP). */

const CLIENT: Client = ClientSchema.parse({
  id: 7,
  code: 'C000007',
  nameEn: 'Chan Tai Man',
  nameZh: '陳大文',
  hkidMasked: 'A123***(*)',
  tags: ['VIP', 'Wan Chai'],
  companyId: 1,
  branchId: 2,
  notes: '',
  source: { value: 'web', nameEn: 'Website', nameZh: '網站' },
  remindersOptOut: false,
  mailLanguage: 'both',
  version: 3,
  contacts: [
    { name: '陳大文', title: '', phones: ['91234567'], email: '', isPrimary: false, isAccounts: false },
    { name: '陳太', title: 'Owner', phones: ['98765432', '+86 138 0013 8000'], email: 'chan@example.com', isPrimary: true, isAccounts: false },
  ],
  addresses: [{ label: 'Shop', address: '灣仔道 1 號', areaId: 2 }],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
});

class FakeDirectory implements ClientDirectory {
  readonly sent: { kind: string; input?: ClientInput; id?: number; version?: number }[] = [];
  answer: ResultAsync<Client, ApiError> = okAsync(CLIENT);
  create(input: ClientInput) {
    this.sent.push({ kind: 'create', input });
    return this.answer;
  }
  update(id: number, version: number, input: ClientInput) {
    this.sent.push({ kind: 'update', id, version, input });
    return this.answer;
  }
  remove(id: number) {
    this.sent.push({ kind: 'remove', id });
    return okAsync<void, ApiError>(undefined);
  }
  revealHkid(id: number) {
    this.sent.push({ kind: 'reveal', id });
    return okAsync<string | null, ApiError>('A123456(3)');
  }
}

function setUp() {
  const core = createCore({ start: '/clients/basic/7' });
  const directory = new FakeDirectory();
  const service = new ClientDesk(directory, core.state, core.navigation, core.confirmation);
  return { ...core, directory, service };
}

describe('the client form model', () => {
  it('starts from the client: phones and tags as typed, the primary contact chosen, the HKID empty', () => {
    const form = clientFormState(CLIENT, { branchId: null });
    expect(form).toMatchObject({ nameZh: '陳大文', hkid: '', tags: 'VIP, Wan Chai', branchId: '2', source: 'web' });
    expect(form.contacts.map((c) => c.phones)).toEqual(['91234567', '98765432, +86 138 0013 8000']);
    expect(form.primary).toBe(form.contacts[1]!.key);
    expect(form.addresses[0]).toMatchObject({ label: 'Shop', address: '灣仔道 1 號', areaId: '2' });
    expect(clientFormState(null, { branchId: 4 })).toMatchObject({ nameZh: '', branchId: '4', contacts: [], primary: -1 });
  });

  it('sends the whole client back as it was (the HKID only when its field is open)', () => {
    const form = clientFormState(CLIENT, { branchId: null });
    const input = clientInput(form, false, CLIENT.companyId);
    expect(input).toEqual({
      nameZh: '陳大文',
      nameEn: 'Chan Tai Man',
      tags: ['VIP', 'Wan Chai'],
      companyId: 1,
      branchId: 2,
      source: 'web',
      notes: '',
      remindersOptOut: false,
      mailLanguage: 'both',
      contacts: CLIENT.contacts,
      addresses: CLIENT.addresses,
    });
    expect(clientInput({ ...form, hkid: ' A123456(3) ', tags: 'a，b、a' }, true, null)).toMatchObject({ hkid: 'A123456(3)', tags: ['a', 'b'], companyId: null });
    expect(isDirty({ ...form, contacts: form.contacts.map((c) => ({ ...c, key: c.key + 100 })) }, form)).toBe(false);
    expect(isDirty({ ...form, notes: 'x' }, form)).toBe(true);
    // The reminders opt-out travels with the form.
    expect(clientFormState({ ...CLIENT, remindersOptOut: true }, { branchId: null }).remindersOptOut).toBe(true);
    expect(clientInput({ ...form, remindersOptOut: true }, false, null)).toMatchObject({ remindersOptOut: true });
    expect(isDirty({ ...form, remindersOptOut: true }, form)).toBe(true);
  });

  it('finds every problem at once by the domain’s rules: names, HKID check digit, contacts, phones, addresses', () => {
    const form = clientFormState(null, { branchId: null });
    const bad = clientInput(
      {
        ...form,
        hkid: 'A123456(4)',
        contacts: [{ key: 1, name: '', title: '', phones: '12, 91234567', email: 'no-at' }],
        addresses: [{ key: 2, label: '', address: ' ', areaId: '' }],
      },
      true,
      null,
    );
    const says = (key: string) => [{ key: `clients:validation.${key}` }];
    expect(clientProblems(bad)).toEqual({
      code: 'invalid',
      fields: {
        nameZh: says('nameRequired'),
        nameEn: says('nameRequired'),
        hkid: says('hkidCheckDigit'),
        'contacts.0.name': says('contactName'),
        'contacts.0.email': says('email'),
        'contacts.0.phones': says('phone'),
        'addresses.0.address': says('address'),
      },
    });
    expect(clientProblems(clientInput({ ...form, nameEn: 'A', hkid: 'A123456' }, true, null)).fields).toEqual({ hkid: says('hkidFormat') });
    const phones = ['91234567', '+852 9123 4567', '13800138000', '+44 20 7946 0958'].join(', ');
    expect(clientProblems(clientInput({ ...form, nameEn: 'A', contacts: [{ key: 1, name: 'A', title: '', phones, email: '' }] }, false, null)).fields).toEqual({});
  });

  it('adds contact and address rows; the first contact is the primary one', () => {
    const one = withContact(clientFormState(null, { branchId: null }));
    expect(one.primary).toBe(one.contacts[0]!.key);
    const two = withContact(one);
    expect(two.contacts).toHaveLength(2);
    expect(two.primary).toBe(one.contacts[0]!.key);
    expect(withAddress(two).addresses).toEqual([expect.objectContaining({ label: '', address: '', areaId: '' })]);
  });

  it('puts the server’s message for one phone under its contact’s phones', () => {
    expect(formFields({ 'contacts.0.phones.1': ['bad'], nameZh: ['x'] })).toEqual({ 'contacts.0.phones': ['bad'], nameZh: ['x'] });
  });

  it('keeps a draft without the HKID and gives it back with fresh rows, the primary following its row', () => {
    const form = { ...clientFormState(CLIENT, { branchId: null }), hkid: 'A123456(3)' };
    const draft = draftOf(form);
    expect(JSON.stringify(draft)).not.toContain('A123456');
    expect(isClientDraft(JSON.parse(JSON.stringify(draft)))).toBe(true);
    expect(isClientDraft({ ...draft, contacts: [{ key: 'x' }] })).toBe(false);
    const back = fromDraft(draft);
    expect(back.hkid).toBe('');
    expect(back.contacts.map((c) => c.name)).toEqual(['陳大文', '陳太']);
    expect(back.primary).toBe(back.contacts[1]!.key);
  });
});

describe('saving a client', () => {
  it('sends nothing while the form has problems, and says which', async () => {
    const { service, directory } = setUp();
    const result = await service.save(null, clientFormState(null, { branchId: 1 }), true);
    const says = [{ key: 'clients:validation.nameRequired' }];
    expect(result._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { nameZh: says, nameEn: says } });
    expect(directory.sent).toEqual([]);
  });

  it('creates a new client, then opens its page and only then says so', async () => {
    const { service, directory, navigator, state } = setUp();
    state.set({ unsavedChanges: true });
    const form = { ...clientFormState(null, { branchId: 1 }), nameZh: '陳大文' };
    const result = await service.save(null, form, true);
    expect(result.isOk()).toBe(true);
    expect(directory.sent[0]).toMatchObject({ kind: 'create', input: { nameZh: '陳大文', hkid: '', branchId: 1, companyId: null } });
    expect(navigator.url).toBe('/clients/basic/7');
    expect(state.get().unsavedChanges).toBe(false);
    expect(state.get().notification).toEqual({ title: 'clients:created', type: 'success' });
  });

  it('saves an edit at its version and says so; a stale one is refused and nothing else happens', async () => {
    const { service, directory, state, navigator } = setUp();
    const form = clientFormState(CLIENT, { branchId: null });
    expect((await service.save(CLIENT, form, false)).isOk()).toBe(true);
    expect(directory.sent[0]).toMatchObject({ kind: 'update', id: 7, version: 3 });
    expect(directory.sent[0]!.input).not.toHaveProperty('hkid');
    expect(state.get().notification).toEqual({ title: 'clients:saved', type: 'success' });

    state.set({ notification: { title: '', type: '' }, unsavedChanges: true });
    directory.answer = errAsync({ code: 'conflict', message: 'Changed meanwhile' });
    expect((await service.save(CLIENT, form, false))._unsafeUnwrapErr()).toMatchObject({ code: 'conflict' });
    expect(state.get().unsavedChanges).toBe(true);
    expect(state.get().notification.title).toBe('');
    expect(navigator.url).toBe('/clients/basic/7');
  });

  it('puts the server’s message for one phone under its contact’s phones', async () => {
    const { service, directory } = setUp();
    directory.answer = errAsync({ code: 'validation', message: 'Check the phones', fields: { 'contacts.1.phones.1': ['Not a phone'], notes: ['Too long'] } });
    expect((await service.save(CLIENT, clientFormState(CLIENT, { branchId: null }), false))._unsafeUnwrapErr()).toEqual({
      code: 'validation',
      message: 'Check the phones',
      fields: { 'contacts.1.phones': ['Not a phone'], notes: ['Too long'] },
    });
  });
});

describe('deleting a client', () => {
  it('asks first, naming the client; cancelling sends nothing', async () => {
    const { service, directory, confirmation } = setUp();
    const asked: unknown[] = [];
    confirmation.request$.subscribe((request) => {
      if (request) {
        asked.push(request);
        confirmation.answer(false);
      }
    });
    expect((await service.remove(CLIENT))._unsafeUnwrapErr()).toEqual({ code: 'cancelled' });
    expect(asked).toEqual([{ kind: 'delete', values: { name: '陳大文 · Chan Tai Man' } }]);
    expect(directory.sent).toEqual([]);
  });

  it('on confirming, deletes and returns to the list with a notice', async () => {
    const { service, directory, confirmation, navigator, state } = setUp();
    confirmation.request$.subscribe((request) => request && confirmation.answer(true));
    expect((await service.remove(CLIENT)).isOk()).toBe(true);
    expect(directory.sent).toEqual([{ kind: 'remove', id: 7 }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigator.url).toBe('/clients');
    expect(state.get().notification).toEqual({ title: 'clients:deleted', type: 'success' });
  });
});

describe('attachments', () => {
  class FakeStore implements AttachmentStore {
    readonly sent: { owner: AttachmentOwner; name: string }[] = [];
    readonly removed: number[] = [];
    attach(owner: AttachmentOwner, file: File) {
      this.sent.push({ owner, name: file.name });
      return okAsync<Attachment[], ApiError>([]);
    }
    remove(id: number) {
      this.removed.push(id);
      return okAsync<Attachment[], ApiError>([]);
    }
  }

  const FILE: Attachment = { id: 31, name: 'contract.pdf', contentType: 'application/pdf', sizeBytes: 2048, uploadedBy: 'Amy', uploadedAt: '2026-11-02T10:00:00.000Z', downloadUrl: '/api/attachments/31' };

  it('refuses a file over 5 MB before sending it, and sends a smaller one for its owner', async () => {
    const store = new FakeStore();
    const service = new AttachmentDesk(store, new ConfirmationService());
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.pdf');
    expect((await service.attach({ kind: 'client', id: 7 }, big))._unsafeUnwrapErr()).toEqual({ code: 'tooLarge', message: '' });
    expect(store.sent).toEqual([]);
    expect((await service.attach({ kind: 'order', id: 3 }, new File(['%PDF'], 'a.pdf'))).isOk()).toBe(true);
    expect(store.sent).toEqual([{ owner: { kind: 'order', id: 3 }, name: 'a.pdf' }]);
  });

  it('deletes a file only once the user confirms, naming it', async () => {
    const store = new FakeStore();
    const confirmation = new ConfirmationService();
    const service = new AttachmentDesk(store, confirmation);
    const asked: unknown[] = [];
    let answer = false;
    confirmation.request$.subscribe((request) => {
      if (request) {
        asked.push(request);
        confirmation.answer(answer);
      }
    });
    expect((await service.remove(FILE))._unsafeUnwrapErr()).toEqual({ code: 'cancelled' });
    expect(store.removed).toEqual([]);
    answer = true;
    expect((await service.remove(FILE)).isOk()).toBe(true);
    expect(store.removed).toEqual([31]);
    expect(asked).toEqual([
      { kind: 'delete', values: { name: 'contract.pdf' } },
      { kind: 'delete', values: { name: 'contract.pdf' } },
    ]);
  });
});
