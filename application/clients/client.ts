import type { OptionChoice } from '../sales/sales';

/** A client as the screens hold it (decoded from the API). */
export interface ClientContact {
  readonly name: string;
  readonly title: string;
  readonly phones: readonly string[];
  readonly email: string;
  readonly isPrimary: boolean;
}

export interface ClientAddress {
  readonly label: string;
  readonly address: string;
  readonly areaId: number | null;
}

export interface Client {
  readonly id: number;
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly hkidMasked: string | null;
  readonly tags: readonly string[];
  readonly companyId: number | null;
  readonly branchId: number | null;
  readonly notes: string;
  /** How the client found the business: a client source of Settings → Options (it may be inactive since), or null. */
  readonly source: OptionChoice | null;
  readonly version: number;
  readonly contacts: readonly ClientContact[];
  readonly addresses: readonly ClientAddress[];
}

export interface NamedOption {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
}

export interface ClientOptions {
  readonly areas: readonly (NamedOption & { readonly region: string })[];
  readonly branches: readonly NamedOption[];
  readonly companies: readonly NamedOption[];
  /** The client sources: the active ones on a form; on the list's filters, every one (active first). */
  readonly sources: readonly OptionChoice[];
}

export interface ClientListItem {
  readonly id: number;
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly tags: readonly string[];
  readonly primaryContact: { readonly name: string; readonly phones: readonly string[] } | null;
  readonly area: { readonly nameEn: string; readonly nameZh: string } | null;
}

export interface Attachment {
  readonly id: number;
  readonly name: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly uploadedBy: string | null;
  readonly uploadedAt: string;
  readonly downloadUrl: string;
}

/** What the form sends: the whole client (a PUT replaces contacts and addresses). */
export interface ClientInput {
  readonly nameEn: string;
  readonly nameZh: string;
  /** Omitted: unchanged; '' removes it. */
  readonly hkid?: string;
  readonly tags: readonly string[];
  readonly companyId: number | null;
  readonly branchId: number | null;
  readonly notes: string;
  /** A client source's value; null removes it. */
  readonly source: string | null;
  readonly contacts: readonly ClientContact[];
  readonly addresses: readonly ClientAddress[];
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const list = <T>(v: unknown, decode: (x: unknown) => T | null): T[] => (Array.isArray(v) ? v.map(decode).filter((x): x is T => x !== null) : []);

function choice(v: unknown): OptionChoice | null {
  return isRecord(v) && typeof v.value === 'string' ? { value: v.value, nameEn: str(v.nameEn), nameZh: str(v.nameZh) } : null;
}

function named(v: unknown): NamedOption | null {
  return isRecord(v) && typeof v.id === 'number' ? { id: v.id, nameEn: str(v.nameEn), nameZh: str(v.nameZh) } : null;
}

export function decodeOptions(v: unknown): ClientOptions {
  const o = isRecord(v) ? v : {};
  return {
    areas: list(o.areas, (a) => {
      const base = named(a);
      return base && isRecord(a) ? { ...base, region: str(a.region) } : null;
    }),
    branches: list(o.branches, named),
    companies: list(o.companies, named),
    sources: list(o.sources, choice),
  };
}

export function decodeClient(v: unknown): Client | null {
  if (!isRecord(v) || typeof v.id !== 'number' || typeof v.version !== 'number') return null;
  return {
    id: v.id,
    code: str(v.code),
    nameEn: str(v.nameEn),
    nameZh: str(v.nameZh),
    hkidMasked: typeof v.hkidMasked === 'string' ? v.hkidMasked : null,
    tags: strings(v.tags),
    companyId: num(v.companyId),
    branchId: num(v.branchId),
    notes: str(v.notes),
    source: choice(v.source),
    version: v.version,
    contacts: list(v.contacts, (c) =>
      isRecord(c) ? { name: str(c.name), title: str(c.title), phones: strings(c.phones), email: str(c.email), isPrimary: c.isPrimary === true } : null,
    ),
    addresses: list(v.addresses, (a) => (isRecord(a) ? { label: str(a.label), address: str(a.address), areaId: num(a.areaId) } : null)),
  };
}

export function decodeListItems(v: unknown): ClientListItem[] {
  return list(v, (item) => {
    if (!isRecord(item) || typeof item.id !== 'number') return null;
    const contact = isRecord(item.primaryContact) ? { name: str(item.primaryContact.name), phones: strings(item.primaryContact.phones) } : null;
    const area = isRecord(item.area) ? { nameEn: str(item.area.nameEn), nameZh: str(item.area.nameZh) } : null;
    return { id: item.id, code: str(item.code), nameEn: str(item.nameEn), nameZh: str(item.nameZh), tags: strings(item.tags), primaryContact: contact, area };
  });
}

export function decodeAttachments(v: unknown): Attachment[] {
  return list(v, (a) =>
    isRecord(a) && typeof a.id === 'number'
      ? {
          id: a.id,
          name: str(a.name),
          contentType: str(a.contentType),
          sizeBytes: num(a.sizeBytes) ?? 0,
          uploadedBy: typeof a.uploadedBy === 'string' ? a.uploadedBy : null,
          uploadedAt: str(a.uploadedAt),
          downloadUrl: str(a.downloadUrl),
        }
      : null,
  );
}

/** Tags as typed in one field: comma (either width) separated, trimmed, without repeats. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[,，、]/).map((t) => t.trim()).filter(Boolean))];
}

/** Phones as typed in one field: comma separated. */
export function parsePhones(text: string): string[] {
  return text.split(/[,，、;]/).map((p) => p.trim()).filter(Boolean);
}
