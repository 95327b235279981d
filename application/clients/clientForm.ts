import { parseHkid } from '../../domain/hk/hkid';
import { parsePhone } from '../../domain/hk/phone';
import { isRecord } from '../api/decode';
import { invalid, type FieldMessage, type Invalid } from '../forms/Invalid';
import { parsePhones, parseTags, type Client, type ClientInput, type ClientMailLanguage } from './client';

/*
 * The client form's model: what it holds as typed, how it starts from a client (or the user's
 * defaults), what it sends, and what is wrong with it before anything is sent (by the domain's rules:
 * the HKID's check digit, Hong Kong, mainland and overseas phone numbers).
 */

export interface ContactRow {
  readonly key: number;
  readonly name: string;
  readonly title: string;
  readonly phones: string;
  readonly email: string;
}

export interface AddressRow {
  readonly key: number;
  readonly label: string;
  readonly address: string;
  readonly areaId: string;
}

export interface ClientFormState {
  readonly nameZh: string;
  readonly nameEn: string;
  readonly hkid: string;
  readonly tags: string;
  readonly branchId: string;
  /** A client source's value ('' for none). */
  readonly source: string;
  readonly notes: string;
  /** No reminders to this client (the day-before and overdue e-mails). */
  readonly remindersOptOut: boolean;
  /** The language of the client's e-mails. */
  readonly mailLanguage: ClientMailLanguage;
  readonly primary: number;
  /** The key of the contact for accounts, or -1 for none. */
  readonly accounts: number;
  readonly contacts: readonly ContactRow[];
  readonly addresses: readonly AddressRow[];
}

/**
 * What is kept of the form when the session expires, to offer back after signing in again: all
 * but the HKID, which as personal data never goes into the browser's storage.
 */
export type ClientDraft = Omit<ClientFormState, 'hkid' | 'source' | 'remindersOptOut' | 'mailLanguage' | 'accounts'> & {
  readonly source?: string;
  readonly remindersOptOut?: boolean;
  readonly mailLanguage?: ClientMailLanguage;
  readonly accounts?: number;
};

const MAIL_LANGUAGES: readonly unknown[] = ['zh-HK', 'en', 'both'];

let nextKey = 1;
/** A fresh key for a contact or address row. */
export const rowKey = (): number => nextKey++;

/** The form with an empty contact row added; the first contact is the primary one. */
export function withContact(form: ClientFormState): ClientFormState {
  const row: ContactRow = { key: rowKey(), name: '', title: '', phones: '', email: '' };
  return { ...form, contacts: [...form.contacts, row], primary: form.contacts.length === 0 ? row.key : form.primary };
}

/** The form with an empty address row added. */
export function withAddress(form: ClientFormState): ClientFormState {
  return { ...form, addresses: [...form.addresses, { key: rowKey(), label: '', address: '', areaId: '' }] };
}

/** The form as it starts: the client's values, or empty with the user's branch for a new one. */
export function clientFormState(client: Client | null, defaults: { readonly branchId: number | null }): ClientFormState {
  const contacts = (client?.contacts ?? []).map((c) => ({ key: rowKey(), name: c.name, title: c.title, phones: c.phones.join(', '), email: c.email }));
  const primaryIndex = client?.contacts.findIndex((c) => c.isPrimary) ?? -1;
  const accountsIndex = client?.contacts.findIndex((c) => c.isAccounts) ?? -1;
  return {
    nameZh: client?.nameZh ?? '',
    nameEn: client?.nameEn ?? '',
    hkid: '',
    tags: (client?.tags ?? []).join(', '),
    branchId: String(client?.branchId ?? defaults.branchId ?? ''),
    source: client?.source?.value ?? '',
    notes: client?.notes ?? '',
    remindersOptOut: client?.remindersOptOut ?? false,
    mailLanguage: client?.mailLanguage ?? 'both',
    primary: contacts[primaryIndex]?.key ?? contacts[0]?.key ?? -1,
    accounts: contacts[accountsIndex]?.key ?? -1,
    contacts,
    addresses: (client?.addresses ?? []).map((a) => ({ key: rowKey(), label: a.label, address: a.address, areaId: a.areaId === null ? '' : String(a.areaId) })),
  };
}

/** Whether the form differs from what was saved (row keys aside). */
export function isDirty(form: ClientFormState, saved: ClientFormState): boolean {
  const comparable = (state: ClientFormState) => JSON.stringify({ ...state, contacts: state.contacts.map(({ key: _k, ...c }) => c) });
  return comparable(form) !== comparable(saved);
}

/** The body to send; the company (not on the form) stays as it was: a new client gets the user's. */
export function clientInput(state: ClientFormState, includeHkid: boolean, companyId: number | null): ClientInput {
  return {
    nameZh: state.nameZh.trim(),
    nameEn: state.nameEn.trim(),
    ...(includeHkid ? { hkid: state.hkid.trim() } : {}),
    tags: parseTags(state.tags),
    companyId,
    branchId: state.branchId ? Number(state.branchId) : null,
    source: state.source || null,
    notes: state.notes.trim(),
    remindersOptOut: state.remindersOptOut,
    mailLanguage: state.mailLanguage,
    contacts: state.contacts.map((c) => ({ name: c.name.trim(), title: c.title.trim(), phones: parsePhones(c.phones), email: c.email.trim(), isPrimary: c.key === state.primary, isAccounts: c.key === state.accounts })),
    addresses: state.addresses.map((a) => ({ label: a.label.trim(), address: a.address.trim(), areaId: a.areaId ? Number(a.areaId) : null })),
  };
}

/** A message of the `clients` messages. */
const says = (key: string): FieldMessage[] => [{ key: `clients:validation.${key}` }];

/**
 * What is wrong with the input before it is sent, every problem at once, by the domain's rules (the
 * HKID's check digit, Hong Kong, mainland and overseas phones); no fields when nothing is.
 */
export function clientProblems(input: ClientInput): Invalid {
  const problems: Record<string, FieldMessage[]> = {};
  if (!input.nameZh && !input.nameEn) problems.nameZh = problems.nameEn = says('nameRequired');
  if (input.hkid) {
    const hkid = parseHkid(input.hkid);
    if (hkid.isErr()) problems.hkid = says(hkid.error.code);
  }
  input.contacts.forEach((c, i) => {
    if (!c.name) problems[`contacts.${i}.name`] = says('contactName');
    if (c.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email)) problems[`contacts.${i}.email`] = says('email');
    if (c.phones.some((p) => parsePhone(p).isErr())) problems[`contacts.${i}.phones`] = says('phone');
  });
  input.addresses.forEach((a, i) => {
    if (!a.address) problems[`addresses.${i}.address`] = says('address');
  });
  return invalid(problems);
}

/** The server's field messages on the form's fields: a phone's message (contacts.0.phones.1) goes under its contact's phones. */
export function formFields<T>(fields: Readonly<Record<string, T>>): Record<string, T> {
  const mapped: Record<string, T> = {};
  for (const [field, messages] of Object.entries(fields)) mapped[field.replace(/^(contacts\.\d+\.phones)\.\d+$/, '$1')] = messages;
  return mapped;
}

const strings = (v: Record<string, unknown>, keys: readonly string[]) => keys.every((k) => typeof v[k] === 'string');

/** Whether a kept value is a draft of this form (a draft from an older version of the app is not offered). */
export function isClientDraft(value: unknown): value is ClientDraft {
  return (
    isRecord(value) &&
    strings(value, ['nameZh', 'nameEn', 'tags', 'branchId', 'notes']) &&
    (value.source === undefined || typeof value.source === 'string') &&
    (value.remindersOptOut === undefined || typeof value.remindersOptOut === 'boolean') &&
    (value.mailLanguage === undefined || MAIL_LANGUAGES.includes(value.mailLanguage)) &&
    (value.accounts === undefined || typeof value.accounts === 'number') &&
    typeof value.primary === 'number' &&
    Array.isArray(value.contacts) &&
    value.contacts.every((c) => isRecord(c) && typeof c.key === 'number' && strings(c, ['name', 'title', 'phones', 'email'])) &&
    Array.isArray(value.addresses) &&
    value.addresses.every((a) => isRecord(a) && typeof a.key === 'number' && strings(a, ['label', 'address', 'areaId']))
  );
}

/** The form as kept for a draft: all but the HKID. */
export function draftOf(form: ClientFormState): ClientDraft {
  const { hkid: _hkid, ...kept } = form;
  return kept;
}

/** A kept draft as form state again, its rows with fresh keys (the primary contact follows its row). */
export function fromDraft(kept: ClientDraft): ClientFormState {
  const contacts = kept.contacts.map((c) => ({ ...c, key: rowKey() }));
  const primaryIndex = kept.contacts.findIndex((c) => c.key === kept.primary);
  const accountsIndex = kept.contacts.findIndex((c) => c.key === kept.accounts);
  return {
    ...kept,
    source: kept.source ?? '',
    remindersOptOut: kept.remindersOptOut ?? false,
    mailLanguage: kept.mailLanguage ?? 'both',
    hkid: '',
    contacts,
    primary: contacts[primaryIndex]?.key ?? contacts[0]?.key ?? -1,
    accounts: contacts[accountsIndex]?.key ?? -1,
    addresses: kept.addresses.map((a) => ({ ...a, key: rowKey() })),
  };
}
